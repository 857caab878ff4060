import { EmailField } from './fields';
import { ReauthenticationDto } from './reauthentication.dto';

/**
 * Starts a change of the signed-in person's own sign-in email: re-authentication (the password,
 * or a provider proof for an account without one, and a code when two-step verification is on)
 * and the new address, which must confirm it from an emailed link.
 */
export class ChangeOwnEmailDto extends ReauthenticationDto {
  /** The address to sign in with from now on, once it has confirmed the change. */
  @EmailField()
  newEmail!: string;
}
