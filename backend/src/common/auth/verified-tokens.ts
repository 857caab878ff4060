/**
 * Session tokens whose signature and claims jsonwebtoken has already checked, with the payload it
 * read from them, so a browser's next requests with the same token don't pay for the check again
 * (base64 and JSON decoding, claim checks and an HMAC: about 7 % of the app's CPU per request in
 * bench/api, docs/performance.md).
 *
 * - The key is the whole token string, signature included: a token differing in any byte is
 *   not found and goes through the full check.
 * - An entry is only ever added after the full check passed, so what an attacker can put here is
 *   limited to tokens the app signed.
 * - An entry is good until its token's `exp`, by the same clock and the same rule as
 *   jsonwebtoken (expired when the current second is ≥ `exp`); after that it is dropped, and the
 *   full check answers as it does for any expired token.
 * - The cache only skips the signature: the session's own checks (user and organisation active,
 *   token version, host) run on every request as before, so a revoked session ends at once.
 * - At most `capacity` tokens are kept; the oldest entry makes room (it is checked in full again
 *   on its next use).
 */
export class VerifiedTokens<Payload extends { exp: number }> {
  private readonly entries = new Map<string, Payload>();

  constructor(
    private readonly capacity = 10_000,
    private readonly nowSeconds: () => number = () => Math.floor(Date.now() / 1000),
  ) {}

  /** The payload of a token checked before and not yet expired; undefined otherwise. */
  get(token: string): Payload | undefined {
    const payload = this.entries.get(token);
    if (payload === undefined) return undefined;
    if (this.nowSeconds() >= payload.exp) {
      this.entries.delete(token);
      return undefined;
    }
    return payload;
  }

  /** Records a token that passed the full check, with the payload the check read from it. */
  remember(token: string, payload: Payload): void {
    if (this.entries.has(token)) return;
    if (this.entries.size >= this.capacity) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(token, Object.freeze({ ...payload }));
  }

  get size(): number {
    return this.entries.size;
  }
}
