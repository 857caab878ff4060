import { IsNotEmpty, IsString, MaxLength, MinLength } from 'class-validator';

export class ResetPasswordDto {
  /** The token from the reset link. */
  @IsString({ message: 'Reset token is required' })
  @IsNotEmpty({ message: 'Reset token is required' })
  @MaxLength(200, { message: 'Reset token is not valid' })
  token!: string;

  /** At least 6 characters. */
  @IsString({ message: 'Password must be at least 6 characters long' })
  @MinLength(6, { message: 'Password must be at least 6 characters long' })
  @MaxLength(128, { message: 'Password must be at most 128 characters long' })
  newPassword!: string;
}
