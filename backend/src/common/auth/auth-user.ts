import type { Role } from './roles';

/** Who is calling, as the auth guard established it. */
export interface AuthUser {
  id: string;
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
