import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { TenantContext } from '../../tenancy/tenant-context';
import { UserSession } from './entities/user-session.entity';
import { preparedRead } from '../../database/prepared-read';
import { SESSION_USER } from './session-user';

/** The one door to `user_sessions`, and the per-request read of a session with its user and organisation. */
@Injectable()
export class UserSessionsRepository {
  constructor(private readonly em: EntityManager) {}

  /**
   * Records a new session of a user in their organisation, and clears that user's sessions that
   * have expired. Written at once, on a manager of its own: a session opens after the sign-in's
   * own unit of work, whatever context the caller is in.
   */
  async open(session: { id: string; organizationId: string; userId: string; expiresAt: Date }): Promise<void> {
    await TenantContext.run(session.organizationId, async () => {
      const em = this.em.fork();
      await em.nativeDelete(UserSession, { user: session.userId, expiresAt: { $lte: new Date() } });
      await em.insert(UserSession, { id: session.id, organization: session.organizationId, user: session.userId, expiresAt: session.expiresAt });
    });
  }

  /** Ends one session of a user. */
  async end(userId: string, sessionId: string): Promise<void> {
    await this.em.fork().nativeDelete(UserSession, { id: sessionId, user: userId });
  }

  /**
   * The open session a token's claims name (`sid` of user `sub` in organisation `org`: the request
   * has no tenant context yet, the token is where its organisation comes from), as one row of
   * SESSION_USER_SQL (session-user.ts), or undefined: a prepared statement on the pool
   * (prepared-read.ts), which leaves the request's EntityManager unforked.
   */
  async sessionRow(claims: { sid: string; org: string; sub: string }): Promise<Record<string, unknown> | undefined> {
    const [row] = await preparedRead<Record<string, unknown>>(this.em, SESSION_USER, [claims.sid, claims.org, claims.sub]);
    return row;
  }
}
