import { IsOptional, IsString, MaxLength } from 'class-validator';
import { CODE_MESSAGE, PROOF_MESSAGE } from './two-factor-fields';

/**
 * Re-authentication for a sensitive change (docs/security.md, "Re-authentication"): the
 * account's own password (or, for an account without one, `providerProof` from signing in again
 * through its identity provider), and a current code from the authenticator app (or a recovery
 * code) when two-step verification is on. Which are needed depends on the account; the answer
 * names a missing one (`password_required`, `password_missing`, `two_factor_code_required`).
 */
export class ReauthenticationDto {
  /** The signed-in person's own password. */
  @IsOptional()
  @IsString({ message: 'Password must be text' })
  @MaxLength(128, { message: 'Password must be at most 128 characters' })
  password?: string;

  /**
   * For an account without a password: the proof `reauthenticateWithProvider` ended with (five
   * minutes, this session only).
   */
  @IsOptional()
  @IsString({ message: PROOF_MESSAGE })
  @MaxLength(2000, { message: PROOF_MESSAGE })
  providerProof?: string;

  /** A current 6-digit code from the authenticator app, or an unused recovery code. */
  @IsOptional()
  @IsString({ message: CODE_MESSAGE })
  @MaxLength(64, { message: CODE_MESSAGE })
  code?: string;
}
