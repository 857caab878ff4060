import { MessageDto } from './message.dto';

/** The answer to setting a password from an emailed link. */
export class ResetPasswordResultDto extends MessageDto {
  /**
   * A session for the person, when the link was an invitation and the account is active: the
   * invitee ends signed in. A reset of a forgotten password does not sign in.
   */
  token?: string;
  /** The account's sign-in email, to fill in the sign-in form. */
  email!: string;
  /** The account's organisation subdomain, to fill in the sign-in form. */
  organizationSubdomain!: string;
}
