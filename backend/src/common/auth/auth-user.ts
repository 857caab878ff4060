import type { Role } from './roles';

/** Who is calling, as the auth guard established it. */
export interface AuthUser {
  id: string;
  /**
   * The organisation the session token names. The JWT strategy puts the same id into the tenant
   * context, and that is where code reads it (TenantContext.require()): the organisation travels
   * one way, not also as an argument (test/organization-context.int-spec.ts).
   */
  organizationId: string;
  role: Role;
  email: string;
  name: string;
  /**
   * The organisation requires two-step verification of admins and this admin hasn't turned it
   * on: the session reaches only the routes marked `AllowedBeforeTwoFactorSetup()`.
   */
  twoFactorSetupRequired?: boolean;
  /** The server-side session the request's token belongs to (user_sessions.id). */
  sessionId?: string;
  /**
   * When the organisation is to be deleted, if an admin asked for it: until then it is read-only
   * (docs/security.md#deleting-an-organisation). Read with the session, so the check costs no statement.
   */
  organizationDeletionDueAt?: Date;
}

export interface JwtPayload {
  /** User id. */
  sub: string;
  /** Organisation id. */
  org: string;
  /** The user's tokenVersion when the token was issued. */
  ver: number;
  /** The server-side session (user_sessions.id): signing out deletes it, and the token stops working. */
  sid: string;
}

export const JWT_ISSUER = 'duty-manager';
export const JWT_AUDIENCE = 'duty-manager';
export const JWT_ALGORITHM = 'HS256';

/** The answer to any request whose session no longer holds (expired, revoked, user or organisation inactive). */
export const SESSION_ENDED = 'Your session has ended. Please sign in again.';

/** The answer (403) to any other route while an admin's two-step verification setup is outstanding. */
export const TWO_FACTOR_SETUP_REQUIRED = 'Your organisation requires two-step verification for admins. Turn it on to continue.';
