import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';

const CODE_MESSAGE = 'Enter the 6-digit code from your authenticator app.';

/** Whether the signed-in person has two-step verification on. */
export class TwoFactorStatusDto {
  enabled!: boolean;
  /** Recovery codes not used yet (0 while two-step verification is off). */
  recoveryCodesLeft!: number;
}

const PROOF_MESSAGE = 'Your confirmation through your identity provider has expired or was for another session. Confirm it is you again.';

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

/** Starting to set up an authenticator app needs the password, or a provider proof (re-authentication). */
export class StartTwoFactorSetupDto {
  /** The signed-in person's own password. */
  @IsOptional()
  @IsString({ message: 'Password must be text' })
  @MaxLength(128, { message: 'Password must be at most 128 characters' })
  password?: string;

  /** For an account without a password: the proof of a fresh sign-in through its identity provider. */
  @IsOptional()
  @IsString({ message: PROOF_MESSAGE })
  @MaxLength(2000, { message: PROOF_MESSAGE })
  providerProof?: string;
}

/** What the authenticator app needs: shown once, as a QR code and as text for typing in. */
export class TwoFactorSetupDto {
  /** The Base32 secret, for typing into the app by hand. */
  secret!: string;
  /** `otpauth://totp/…`: the QR code's content (issuer "Duty Manager", label "<organisation>: <email>"). */
  otpauthUri!: string;
}

export class EnableTwoFactorDto {
  /** The 6-digit code the authenticator app shows now, proving it was set up. */
  @IsString({ message: CODE_MESSAGE })
  @IsNotEmpty({ message: CODE_MESSAGE })
  @MaxLength(64, { message: CODE_MESSAGE })
  code!: string;
}

/** Recovery codes: shown this once, each usable once instead of a code from the app. */
export class RecoveryCodesDto {
  recoveryCodes!: string[];
}

/** The second step of signing in. */
export class LoginTwoFactorDto {
  /** The `challenge` the first step answered with (valid five minutes, used once). */
  @IsString({ message: 'Your sign-in has expired. Please sign in again.' })
  @IsNotEmpty({ message: 'Your sign-in has expired. Please sign in again.' })
  @MaxLength(200, { message: 'Your sign-in has expired. Please sign in again.' })
  challenge!: string;

  /** A current 6-digit code from the authenticator app, or an unused recovery code. */
  @IsString({ message: CODE_MESSAGE })
  @IsNotEmpty({ message: CODE_MESSAGE })
  @MaxLength(64, { message: CODE_MESSAGE })
  code!: string;
}
