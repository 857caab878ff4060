import type { FormRule } from 'antd';

/**
 * Two-step verification's texts (docs/product.md#two-step-verification), the code rules matching
 * the server's messages.
 */
export const TWO_FACTOR_TITLE = 'Two-step verification';
export const CODE_LABEL = 'Authentication code';
export const RECOVERY_CODE_LABEL = 'Recovery code';
export const CODE_REQUIRED = 'Enter the 6-digit code from your authenticator app.';
export const RECOVERY_CODE_REQUIRED = 'Enter one of your recovery codes.';
export const WRONG_CODE = 'That code is not correct. Please try again.';

/** Six digits, as the app shows them (a space in the middle is fine). */
export const codeRules: FormRule[] = [
  { required: true, whitespace: true, message: CODE_REQUIRED },
  { pattern: /^\s*\d{3}\s?\d{3}\s*$/, message: CODE_REQUIRED },
];

export const recoveryCodeRules: FormRule[] = [
  { required: true, whitespace: true, message: RECOVERY_CODE_REQUIRED },
  { max: 64, message: RECOVERY_CODE_REQUIRED },
];

/** Re-authentication: the code field also takes a recovery code. */
export const codeOrRecoveryCodeRules: FormRule[] = [
  { required: true, whitespace: true, message: CODE_REQUIRED },
  { max: 64, message: CODE_REQUIRED },
];

/** A Base32 setup key in groups of four, as authenticator apps show and accept it. */
export function groupedKey(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}
