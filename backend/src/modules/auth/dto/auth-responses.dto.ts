import { ROLES, type Role } from '../../../common/auth/roles';
import { ORGANIZATION_TYPES, type OrganizationType, type Region, REGIONS } from '../../tenants/entities/organization.entity';
import { ApiProperty } from '@nestjs/swagger';

export class AuthTokenDto {
  /** A bearer token for the `Authorization` header; the app stores it under `authToken`. */
  token!: string;
}

export class MessageDto {
  /** What happened, for a person to read. */
  message!: string;
}

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

/** A change of the signed-in person's sign-in email that hasn't taken effect yet. */
export class PendingEmailChangeDto {
  /** The address that becomes the sign-in email once the change takes effect. */
  newEmail!: string;
  /** Who asked for the change. */
  requestedBy!: string;
  /** Someone else asked for it: it waits for this person's approval (`approveEmailChange`, or the emailed link). */
  awaitingYourApproval!: boolean;
  /** The new address hasn't confirmed it yet (the link sent there). */
  awaitingNewAddress!: boolean;
}

/** The answer to following a link of a pending email change, or approving it signed in. */
export class EmailChangeResultDto extends MessageDto {
  /** True when the new address is now the sign-in email (every session has ended: sign in again). */
  complete!: boolean;
}

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

export class CurrentOrganizationDto {
  id!: string;
  name!: string;
  subdomain!: string;
  @ApiProperty({ enum: ORGANIZATION_TYPES, enumName: 'OrganizationType' })
  type!: OrganizationType;
  /** IANA time zone of the organisation's dates and times. */
  timezone!: string;
  /**
   * The part of the UK whose bank holidays the organisation keeps; read-only here, changed by
   * adding another region's bank holidays (POST /api/holidays/bank-holidays). Always sent; optional
   * in the contract only so clients written before it keep compiling.
   */
  @ApiProperty({ enum: REGIONS, enumName: 'Region', required: false })
  region?: Region;
  /** When the free trial ends (ISO instant); shown to admins only, absent for others. */
  trialEndsAt?: string;
}

export class CurrentUserResponseDto {
  user!: CurrentUserDto;
  organization!: CurrentOrganizationDto;
}

/**
 * The answer to a sign-in step (password, handoff code): a session (`token`), or, for an account
 * with two-step verification on, the request for its second step (`twoFactorRequired` and the
 * `challenge` to send with the code to POST /api/auth/login/two-factor).
 */
export class SignInResultDto {
  /** A bearer token for the `Authorization` header; absent while the second step is outstanding. */
  token?: string;
  /** True when the account has two-step verification on: send a code with `challenge` next. */
  twoFactorRequired?: boolean;
  /** The second step's one-time key (valid five minutes, used once). */
  challenge?: string;
}

/** The answer to signing up. */
export class RegisterResultDto extends AuthTokenDto {
  /**
   * Where to continue, when the sign-up came to the bare domain (APP_BASE_DOMAIN set): the new
   * organisation's own address with a one-time sign-in code, `<address>/continue#code=…`. The
   * browser goes there and keeps its session on that address; `token` is then not needed.
   */
  continueUrl?: string;
}

/** The organisation an address belongs to. */
export class HostOrganizationDto {
  name!: string;
  subdomain!: string;
}

/** What the page's address says about its organisation (docs/product.md#accounts-and-sign-in). */
export class HostDto {
  /**
   * The domain organisations' addresses are under (APP_BASE_DOMAIN), e.g. `dutymanager.app`;
   * null on a single-host install and on an address outside that domain, where sign-in names
   * the organisation.
   */
  @ApiProperty({ type: String, nullable: true })
  baseDomain!: string | null;
  /** The organisation whose address this is (`<subdomain>.<baseDomain>`); null on any other address. */
  @ApiProperty({ type: HostOrganizationDto, nullable: true })
  organization!: HostOrganizationDto | null;
  /** True when the address names an organisation that does not exist or is no longer active. */
  unknownOrganization!: boolean;
}
