import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { CODE_MESSAGE } from './two-factor-fields';

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
