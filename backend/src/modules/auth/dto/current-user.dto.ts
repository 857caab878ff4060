import { ROLES, type Role } from '../../../common/auth/roles';
import { ApiProperty } from '@nestjs/swagger';
import { PendingEmailChangeDto } from './pending-email-change.dto';

export class CurrentUserDto {
  id!: string;
  name!: string;
  email!: string;
  @ApiProperty({ enum: ROLES, enumName: 'Role' })
  role!: Role;
  emailVerified!: boolean;
  /** When the user last signed in, as an ISO instant. */
  lastLogin?: string;
  /**
   * Whether signing in asks this person for a code from an authenticator app. Always sent;
   * optional in the contract only so clients written before it keep compiling.
   */
  twoFactorEnabled?: boolean;
  /**
   * True while the organisation requires two-step verification of admins and this admin hasn't
   * turned it on: until they do, the session reaches only the setup (every other route answers
   * 403, code `two_factor_setup_required`). Always sent, like `twoFactorEnabled`.
   */
  twoFactorSetupRequired?: boolean;
  /**
   * Whether the account has a password. One without (it signs in through an identity provider)
   * re-authenticates by signing in again with its provider (`reauthenticateWithProvider`). Always
   * sent; optional in the contract only so clients written before it keep compiling.
   */
  hasPassword?: boolean;
  /** The identity providers linked to the account (google, microsoft, oidc), for re-authenticating with them. */
  signInProviders?: string[];
  /** A change of the sign-in email waiting for this person's approval or the new address's confirmation. */
  pendingEmailChange?: PendingEmailChangeDto;
}
