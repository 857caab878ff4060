import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { CODE_MESSAGE } from './two-factor-fields';

export class EnableTwoFactorDto {
  /** The 6-digit code the authenticator app shows now, proving it was set up. */
  @IsString({ message: CODE_MESSAGE })
  @IsNotEmpty({ message: CODE_MESSAGE })
  @MaxLength(64, { message: CODE_MESSAGE })
  code!: string;
}
