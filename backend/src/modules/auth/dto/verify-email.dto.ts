import { IsNotEmpty, IsString, MaxLength } from 'class-validator';

export class VerifyEmailDto {
  /** The token from the verification link. */
  @IsString({ message: 'Verification token is required' })
  @IsNotEmpty({ message: 'Verification token is required' })
  @MaxLength(200, { message: 'Verification token is not valid' })
  token!: string;
}
