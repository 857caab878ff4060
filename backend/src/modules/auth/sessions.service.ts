import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import type { JwtPayload } from '../../common/auth/auth-user';
import type { User } from './entities/user.entity';
import { UserSessionsRepository } from './user-sessions.repository';

/**
 * Server-side sessions (docs/security.md, "Sessions"). A session token is a signed JWT that names
 * its session row (`sid`); the JWT strategy accepts it only while the row is there, so signing
 * out (deleting the row) ends that session on every copy of the token at once, and the token
 * version still ends all of a user's sessions together (a password reset, deactivation).
 */
@Injectable()
export class SessionsService {
  constructor(
    private readonly sessions: UserSessionsRepository,
    private readonly jwt: JwtService,
  ) {}

  /** A new session for `user` and its token. Clears the user's sessions that have expired. */
  async open(user: User): Promise<string> {
    const sid = randomUUID();
    const payload: JwtPayload = { sub: user.id, org: user.organization.id, ver: user.tokenVersion, sid };
    const token = await this.jwt.signAsync(payload);
    const { exp } = this.jwt.decode<{ exp: number }>(token);
    await this.sessions.open({ id: sid, organizationId: user.organization.id, userId: user.id, expiresAt: new Date(exp * 1000) });
    return token;
  }

  /** Ends one session of the signed-in user (signing out): its token stops working everywhere. */
  async end(userId: string, sessionId: string): Promise<void> {
    await this.sessions.end(userId, sessionId);
  }
}
