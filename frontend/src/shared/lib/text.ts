// What a typed text is once its surrounding whitespace goes: forms send it trimmed, and a text of
// only spaces counts as empty.

/** The text without surrounding whitespace; '' when there is none. */
export function trimmed(value: string | null | undefined): string {
  return value?.trim() ?? '';
}

/** Whether the text is missing, empty or only whitespace. */
export function isBlank(value: string | null | undefined): boolean {
  return trimmed(value) === '';
}

/** An optional text as the API takes it: trimmed, or null when blank. */
export function trimmedOrNull(value: string | null | undefined): string | null {
  return trimmed(value) || null;
}
