import { createHash, randomBytes } from 'node:crypto';

/** SHA-256 of a secret token, hex. Tokens have 256 random bits, so a fast hash is enough. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A new secret for a link (256 random bits, URL-safe) and the hash that is stored instead. */
export function createSecretToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}
