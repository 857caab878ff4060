import { createSecretKey } from 'node:crypto';
import { Injectable, UnauthorizedException } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { FastifyRequest as Request } from 'fastify';
import { ExtractJwt, Strategy } from 'passport-jwt';
import {
  type AuthUser,
  JWT_ALGORITHM,
  JWT_AUDIENCE,
  JWT_ISSUER,
  type JwtPayload,
  SESSION_ENDED,
} from '../../common/auth/auth-user';
import { type SessionAuthenticator, SessionRefused } from '../../common/auth/guards';
import { JwtSecret } from '../../common/auth/jwt-secret.token';
import { VerifiedTokens } from '../../common/auth/verified-tokens';
import { TenantContext } from '../../tenancy/tenant-context';
import { rememberSessionZone } from '../tenants/organization-today';
import { OrganizationHosts } from '../tenants/organization-hosts.service';
import type { User } from './entities/user.entity';
import type { SessionRowKey } from './session-user';
import { UserSessionsRepository } from './user-sessions.repository';

/**
 * A row of SESSION_USER_SQL (session-user.ts), as pg gives it: the user's columns (boolean,
 * integer, text), then the organisation's, prefixed `o__`. Read as it is: splitting it into two
 * objects on every request cost about 1 % of the app's CPU under bench/api.
 */
interface SessionRow extends Record<SessionRowKey, unknown> {
  id: string;
  role: User['role'];
  email: string;
  name: string;
  is_active: boolean;
  token_version: number;
  two_factor_enabled: boolean;
  o__subdomain: string;
  o__timezone: string;
  o__is_active: boolean;
  o__require_admin_two_factor: boolean;
  o__deletion_due_at: Date | null;
}

/** The session token of a request: the `Authorization: Bearer …` header's. */
const bearerToken = ExtractJwt.fromAuthHeaderAsBearerToken();

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether a verified token's claims have the shape we issue. The signature proves we issued the
 * token, not that its claims are usable: ids that are not UUIDs would reach PostgreSQL as a
 * failed cast (a 500), and jsonwebtoken accepts a token without `exp` as one that never expires.
 */
export function hasSessionClaims(payload: unknown): payload is JwtPayload & { exp: number } {
  const p = payload as Partial<JwtPayload & { exp: unknown }> | null;
  return (
    typeof p === 'object' &&
    p !== null &&
    typeof p.sub === 'string' &&
    UUID.test(p.sub) &&
    typeof p.org === 'string' &&
    UUID.test(p.org) &&
    typeof p.sid === 'string' &&
    UUID.test(p.sid) &&
    Number.isSafeInteger(p.ver) &&
    typeof p.exp === 'number' &&
    Number.isFinite(p.exp)
  );
}

/** A token used on another organisation's address (docs/security.md#sessions). */
export const OTHER_ORGANIZATION_SESSION = 'You are signed in to another organisation. Please sign in here.';

/**
 * Accepts only HS256 tokens we issued for our audience, then checks the user still may sign
 * in: active, in an active organisation, holding the token version the token was issued
 * with (a password reset raises it, ending every older session), and with the token's session
 * still open on the server (signing out ends it). On an organisation's own
 * address (APP_BASE_DOMAIN) the token must be that organisation's. An admin whose organisation
 * requires two-step verification and who hasn't turned it on is marked, so the permission guard
 * lets them reach only its setup; read on every request, so the requirement holds for sessions
 * that began before it was switched on.
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') implements SessionAuthenticator {
  /** Tokens whose signature and claims passed jsonwebtoken's check (verified-tokens.ts). */
  private readonly verifiedTokens = new VerifiedTokens<JwtPayload & { exp: number }>();

  constructor(
    secret: JwtSecret,
    private readonly sessions: UserSessionsRepository,
    private readonly hosts: OrganizationHosts,
  ) {
    super({
      passReqToCallback: true,
      jwtFromRequest: bearerToken,
      // A KeyObject, not the string: jsonwebtoken would otherwise try (and fail) to parse the
      // string as a public key on every request before treating it as a secret.
      secretOrKey: createSecretKey(Buffer.from(secret.value)) as unknown as Buffer,
      algorithms: [JWT_ALGORITHM],
      issuer: JWT_ISSUER,
      audience: JWT_AUDIENCE,
      ignoreExpiration: false,
    });
  }

  /**
   * The signed-in user of a request, for JwtAuthGuard. A token that passed passport-jwt's check
   * and `validate`'s claims check before and hasn't expired goes straight to the session's checks,
   * which run for every token; any other runs passport-jwt's check (signature, algorithm, issuer,
   * audience, expiry, then `validate`), on a copy of the strategy that carries the outcome, as
   * `passport.authenticate` runs a strategy.
   */
  authenticateRequest(req: Request): Promise<AuthUser> {
    const token = bearerToken(req as never);
    const payload = token ? this.verifiedTokens.get(token) : undefined;
    if (payload) return this.openSession(req, payload);
    return new Promise<AuthUser>((resolve, reject) => {
      const attempt = Object.create(this) as this;
      attempt.success = (user: AuthUser) => resolve(user);
      attempt.fail = (reason: unknown) => reject(new SessionRefused(reason));
      attempt.error = (err: Error) => reject(err);
      attempt.authenticate(req as never, {});
    });
  }

  async validate(req: Request, payload: unknown): Promise<AuthUser> {
    if (!hasSessionClaims(payload)) throw new UnauthorizedException(SESSION_ENDED);
    // Only passport-jwt's checked payloads and the cache's own reach here.
    const token = bearerToken(req as never);
    if (token) this.verifiedTokens.remember(token, payload);
    return this.openSession(req, payload);
  }

  /** The session's checks, on every request, for a token whose claims passed `validate`: its user and organisation read and checked. */
  private async openSession(req: Request, payload: JwtPayload & { exp: number }): Promise<AuthUser> {
    // From here on the request works inside the signed-in user's organisation.
    TenantContext.set(payload.org);
    // One raw statement: the user with their organisation, without MikroORM building the query
    // on every request, and without making entities of the rows: em.map of the two was the
    // largest avoidable item of bench/api's profile (about 7 % of the app's CPU). "Today" reads
    // the organisation's time zone on most requests: it is kept for the request instead
    // (organization-today.ts). Code that loads the user or the organisation by id loads it with
    // its own statement (account operations, organisation settings).
    const row = (await this.sessions.sessionRow(payload)) as SessionRow | undefined;
    if (!row) throw new UnauthorizedException(SESSION_ENDED);
    if (row.is_active !== true || row.o__is_active !== true || row.token_version !== payload.ver) {
      throw new UnauthorizedException(SESSION_ENDED);
    }
    // Reading the host costs no query when it matches, nor a wait.
    const host = this.hosts.of(req);
    if (host.kind === 'organization' && host.subdomain !== row.o__subdomain) await this.refuseOtherHost(req);
    rememberSessionZone(row.o__timezone);
    const auth: AuthUser = { id: row.id, organizationId: payload.org, role: row.role, email: row.email, name: row.name, sessionId: payload.sid };
    if (row.o__require_admin_two_factor === true && row.role === 'admin' && row.two_factor_enabled !== true) auth.twoFactorSetupRequired = true;
    // A pending deletion makes the organisation read-only (OrganizationDeletionRefusal), decided from this row.
    if (row.o__deletion_due_at) auth.organizationDeletionDueAt = new Date(row.o__deletion_due_at);
    return auth;
  }

  /**
   * A session is good only on its organisation's address, the bare domain and single hosts: on
   * another organisation's address it is refused (401), and on an address naming no organisation
   * the answer is that organisation's 404.
   */
  private async refuseOtherHost(req: Request): Promise<never> {
    await this.hosts.requireKnown(req);
    throw new UnauthorizedException(OTHER_ORGANIZATION_SESSION);
  }
}
