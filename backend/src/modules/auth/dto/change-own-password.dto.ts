import { PasswordField } from './fields';
import { ReauthenticationDto } from './reauthentication.dto';

/**
 * A new password for the signed-in person's own account: the current one (`password`, and a code
 * when two-step verification is on, as every re-authentication asks) and the new one.
 */
export class ChangeOwnPasswordDto extends ReauthenticationDto {
  /** The new password: 6 to 128 characters. */
  @PasswordField('New password must be at least 6 characters')
  newPassword!: string;
}
