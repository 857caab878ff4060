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
}

export interface JwtPayload {
  /** User id. */
  sub: string;
  /** Organisation id. */
  org: string;
  /** The user's tokenVersion when the token was issued. */
  ver: number;
}

export const JWT_ISSUER = 'duty-manager';
export const JWT_AUDIENCE = 'duty-manager';
export const JWT_ALGORITHM = 'HS256';

/** The answer to any request whose session no longer holds (expired, revoked, user or organisation inactive). */
export const SESSION_ENDED = 'Your session has ended. Please sign in again.';
