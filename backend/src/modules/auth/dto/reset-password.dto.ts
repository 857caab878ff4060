import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { PasswordField } from './fields';

export class ResetPasswordDto {
  /** The token from the reset link. */
  @IsString({ message: 'Reset token is required' })
  @IsNotEmpty({ message: 'Reset token is required' })
  @MaxLength(200, { message: 'Reset token is not valid' })
  token!: string;

  /** At least 6 characters. */
  @PasswordField('Password must be at least 6 characters long')
  newPassword!: string;
}
