import { randomBytes } from 'node:crypto';

export const RECOVERY_CODE_COUNT = 10;

/** A recovery code as typed: case, spaces and dashes don't matter. */
export function normalizeRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, '');
}

/** 80 random bits as 16 lower-case Base32 letters, shown in four groups: `abcd-efgh-ijkl-mnop`. */
export function newRecoveryCode(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz234567';
  const bytes = randomBytes(10);
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += alphabet[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return out.match(/.{4}/g)!.join('-');
}
