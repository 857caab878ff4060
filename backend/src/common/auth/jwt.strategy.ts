import { EntityManager } from '@mikro-orm/postgresql';
import { createSecretKey } from 'node:crypto';
import { Injectable, UnauthorizedException } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { User } from '../../modules/auth/entities/user.entity';
import { TenantContext } from '../../tenancy/tenant-context';
import { type AuthUser, JWT_ALGORITHM, JWT_AUDIENCE, JWT_ISSUER, type JwtPayload } from './auth-user';
import { JwtSecret } from './jwt-secret.token';

export const SESSION_ENDED = 'Your session has ended. Please sign in again.';

/**
 * Accepts only HS256 tokens we issued for our audience, then checks the user still may sign
 * in: active, in an active organisation, and holding the token version the token was issued
 * with (a password reset raises it, ending every older session).
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(
    secret: JwtSecret,
    private readonly em: EntityManager,
  ) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      // A KeyObject, not the string: jsonwebtoken would otherwise try (and fail) to parse the
      // string as a public key on every request before treating it as a secret.
      secretOrKey: createSecretKey(Buffer.from(secret.value)) as unknown as Buffer,
      algorithms: [JWT_ALGORITHM],
      issuer: JWT_ISSUER,
      audience: JWT_AUDIENCE,
      ignoreExpiration: false,
    });
  }

  async validate(payload: JwtPayload): Promise<AuthUser> {
    if (typeof payload.sub !== 'string' || typeof payload.org !== 'string' || typeof payload.ver !== 'number') {
      throw new UnauthorizedException(SESSION_ENDED);
    }
    // From here on the request works inside the signed-in user's organisation.
    TenantContext.set(payload.org);
    const user = await this.em.findOne(User, { id: payload.sub }, { populate: ['organization'] });
    if (!user || !user.isActive || !user.organization.getEntity().isActive || user.tokenVersion !== payload.ver) {
      throw new UnauthorizedException(SESSION_ENDED);
    }
    return { id: user.id, organizationId: payload.org, role: user.role, email: user.email, name: user.name };
  }
}
