/**
 * A person whose personal data is being erased (docs/security.md#retention-and-erasure), as
 * every module's `scrubErased` method takes it: each replaces, in its own tables' text columns,
 * the person's names and email addresses by their pseudonym.
 */
export interface ErasedPerson {
  /** Their staff record's id: what their duties, requests and unavailability stay linked to. */
  staffId: string;
  /** Their account's id, when they had one. */
  userId: string | null;
  /** What they are called from now on, e.g. "Former staff 7F3A9C21": stable, derived from the staff id. */
  pseudonym: string;
  /** Their new, non-deliverable address, unique like the id: `former-<id>@erased.invalid`. */
  pseudonymousEmail: string;
  /** Every email address they had (lower-cased): the staff record's, the account's, a pending new one. */
  emails: string[];
  /**
   * A PostgreSQL regular expression (ARE) matching any of their names and addresses as whole
   * words; used with the `gi` flags of regexp_replace and with `~*`.
   */
  pattern: string;
}

const ARE_SPECIAL = /[\\^$.|?*+()[\]{}]/g;

/** The whole-word, case-insensitive pattern of these names and addresses (ErasedPerson.pattern). */
export function erasurePattern(terms: readonly string[]): string {
  const alternatives = [...new Set(terms.map((t) => t.trim()).filter((t) => t.length > 0))]
    // Longest first, so "Jane Doe" is replaced whole before "Jane" could be.
    .sort((a, b) => b.length - a.length)
    .map((t) => t.replace(ARE_SPECIAL, (c) => `\\${c}`).replace(/\s+/g, '\\s+'));
  return `\\m(?:${alternatives.join('|')})\\M`;
}

/** The pseudonym of a staff record: "Former staff " and the first 8 hex digits of its id. */
export function pseudonymOf(staffId: string): string {
  return `Former staff ${staffId.replace(/-/g, '').slice(0, 8).toUpperCase()}`;
}

/** The non-deliverable address of an erased person (RFC 2606's `.invalid`), unique as the id is. */
export function pseudonymousEmailOf(staffId: string): string {
  return `former-${staffId.replace(/-/g, '')}@erased.invalid`;
}
