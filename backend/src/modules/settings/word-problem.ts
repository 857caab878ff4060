/**
 * Why a file named .doc or .docx can't be the procedure document: it isn't that kind of Word
 * file at all, it carries macros, it is a template, it fetches a template or object from
 * elsewhere when opened, or it is packed in a way no Word document is (the reason in words).
 * procedure-file.ts turns each into a message that says what to do.
 */
export type WordProblem = 'mismatch' | 'macros' | 'template' | 'remote-link' | { packed: string };
