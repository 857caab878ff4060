// validator's own check (class-validator's isEmail calls it), so a worker thread can use this module without class-validator.
import isEmail from 'validator/lib/isEmail';

/**
 * Email addresses as the app compares and stores them (docs/security.md, "Identities"):
 * Unicode-normalised (NFKC: full-width `ａ` is `a`), trimmed and lower-cased, and then made only of
 * printable ASCII. An address that still holds another character after normalisation — a Cyrillic
 * `а`, a dotted `İ` (which lower-cases to `i` plus a combining dot) — is refused rather than
 * stored: it would look the same as a colleague's address on every screen and in every email,
 * and become a second account that receives their reminders. International domains are written
 * in their `xn--` form, as mail servers exchange them anyway.
 */
export function normalizeEmail(value: string): string {
  return value.normalize('NFKC').trim().toLowerCase();
}

export const LOOK_ALIKE_EMAIL =
  'Email addresses may use only plain Latin letters, digits and the usual symbols: this one has a character that looks like another. Type the address again (write an international domain in its xn-- form).';

/**
 * ASCII: what a normalised address may hold (whether it is an address at all is isEmail's to say).
 * Exported for the DTO field, which says the same with a class-validator rule.
 */
export const ASCII_ONLY = /^[^\u0080-\u{10ffff}]*$/u;

export function isPlainEmail(normalized: string): boolean {
  return ASCII_ONLY.test(normalized);
}

/** Why a (normalised) address can't be used, or undefined when it can. */
export function emailProblem(normalized: string, invalid = 'Invalid email address'): string | undefined {
  if (!normalized) return 'Email is required';
  if (!isPlainEmail(normalized)) return LOOK_ALIKE_EMAIL;
  if (!isEmail(normalized) || normalized.length > 254) return invalid;
  return undefined;
}
