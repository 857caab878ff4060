const FIELD_SELECTOR = 'input, textarea, select, button, [contenteditable="true"]';

/**
 * For a dialog's `afterOpenChange`: once the dialog has opened (and focused itself), moves focus
 * to its first field — unless someone is already in a field, since the open animation can end
 * after a fast typist or a test has started typing.
 */
export function focusFirstField(field: { focus: () => void } | null): void {
  const active = document.activeElement;
  if (active instanceof Element && active.matches(FIELD_SELECTOR)) return;
  field?.focus();
}
