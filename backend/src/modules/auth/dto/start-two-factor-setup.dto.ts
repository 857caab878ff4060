import { IsOptional, IsString, MaxLength } from 'class-validator';
import { PROOF_MESSAGE } from './two-factor-fields';

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
