/**
 * How an uploaded document's kind reads on screen (the procedure document's, on the Instructions
 * page and in Settings). Keyed by the API's kinds: a kind the API adds fails the type check where
 * a label is looked up until it is listed here.
 */
export const DOCUMENT_KIND_LABELS = {
  pdf: 'PDF',
  doc: 'Word (.doc)',
  docx: 'Word (.docx)',
} as const satisfies Record<string, string>;
