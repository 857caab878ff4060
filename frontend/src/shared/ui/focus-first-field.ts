/** Where someone can already be typing: then the focus is left alone. */
const TYPING_SELECTOR = 'input, textarea, select, [contenteditable="true"]';

/**
 * For a dialog's `afterOpenChange`: once the dialog has opened (antd focuses its first control,
 * the Close button), moves focus to its first field — unless someone is already in a field,
 * since the open animation can end after a fast typist or a test has started typing. A button
 * having the focus (antd's Close, or the button that opened the dialog) does not count: keyboard
 * users opening a form dialog with Enter land in its first field too.
 */
export function focusFirstField(field: { focus: () => void } | null): void {
  const active = document.activeElement;
  if (active instanceof Element && active.matches(TYPING_SELECTOR)) return;
  field?.focus();
}
