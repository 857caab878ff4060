import { EntityManager, LockMode } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { TenantContext } from '../../tenancy/tenant-context';
import { EmailChangeToken } from './entities/email-change-token.entity';
import type { User } from './entities/user.entity';

/** The one door to `email_change_tokens`: pending changes of a sign-in email. */
@Injectable()
export class EmailChangesRepository {
  constructor(private readonly em: EntityManager) {}

  /** A new pending change, written with the unit of work. */
  add(change: { user: User; newEmail: string; tokenHash: string; approvalTokenHash: string | null; requestedBy: string; expiresAt: Date }): void {
    this.em.create(EmailChangeToken, change);
  }

  /** The change whose confirmation or approval link has this hash, with its user, locked; in whichever organisation. */
  lockByLink(tokenHash: string): Promise<EmailChangeToken | null> {
    return TenantContext.runUnscoped(() =>
      this.em.findOne(
        EmailChangeToken,
        { $or: [{ tokenHash }, { approvalTokenHash: tokenHash }] },
        { populate: ['user'], lockMode: LockMode.PESSIMISTIC_WRITE },
      ),
    );
  }

  /** The user's change that waits for their approval, with its user, locked. */
  lockAwaitingApproval(userId: string): Promise<EmailChangeToken | null> {
    return this.em.findOne(EmailChangeToken, { user: userId, approvalTokenHash: { $ne: null } }, { populate: ['user'], lockMode: LockMode.PESSIMISTIC_WRITE });
  }

  /** The user's change that has not expired by `now`, if any. */
  findPending(userId: string, now: Date): Promise<EmailChangeToken | null> {
    return this.em.findOne(EmailChangeToken, { user: userId, expiresAt: { $gt: now } });
  }

  async deleteOf(userId: string): Promise<void> {
    await this.em.nativeDelete(EmailChangeToken, { user: userId });
  }
}
