import { randomUUID } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import type { JwtPayload } from '../../common/auth/auth-user';
import { TenantContext } from '../../tenancy/tenant-context';
import type { User } from './entities/user.entity';
import { UserSession } from './entities/user-session.entity';

/**
 * Server-side sessions (docs/security.md, "Sessions"). A session token is a signed JWT that names
 * its session row (`sid`); the JWT strategy accepts it only while the row is there, so signing
 * out (deleting the row) ends that session on every copy of the token at once, and the token
 * version still ends all of a user's sessions together (a password reset, deactivation).
 */
@Injectable()
export class SessionsService {
  constructor(
    private readonly em: EntityManager,
    private readonly jwt: JwtService,
  ) {}

  /** A new session for `user` and its token. Clears the user's sessions that have expired. */
  async open(user: User): Promise<string> {
    const sid = randomUUID();
    const payload: JwtPayload = { sub: user.id, org: user.organization.id, ver: user.tokenVersion, sid };
    const token = await this.jwt.signAsync(payload);
    const { exp } = this.jwt.decode<{ exp: number }>(token);
    await TenantContext.run(user.organization.id, async () => {
      const em = this.em.fork();
      await em.nativeDelete(UserSession, { user: user.id, expiresAt: { $lte: new Date() } });
      await em.insert(UserSession, { id: sid, organization: user.organization.id, user: user.id, expiresAt: new Date(exp * 1000) });
    });
    return token;
  }

  /** Ends one session of the signed-in user (signing out): its token stops working everywhere. */
  async end(userId: string, sessionId: string): Promise<void> {
    await this.em.fork().nativeDelete(UserSession, { id: sessionId, user: userId });
  }
}
