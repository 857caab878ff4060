import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { AuditEntry, type AuditKind } from './entities/audit-entry.entity';

export type NewAuditEntry = Pick<AuditEntry, 'actorName' | 'kind' | 'action' | 'entityId' | 'summary'> & {
  actor: string | undefined;
  before: Record<string, unknown> | undefined;
  after: Record<string, unknown> | undefined;
};

/** The one door to `audit_log`: entries join the current unit of work; the log is read a page at a time. */
@Injectable()
export class AuditLogRepository {
  constructor(private readonly em: EntityManager) {}

  /** Tracks a new entry in the current unit of work: it commits or rolls back with the change it records. */
  add(entry: NewAuditEntry): AuditEntry {
    return this.em.create(AuditEntry, entry);
  }

  /**
   * Every entry of the organisation by `userId` or about `subjectIds` (a staff record's or a user's
   * id), oldest first: a person's own data (docs/security.md, "Subject access").
   */
  findAbout(userId: string | null, subjectIds: string[]): Promise<AuditEntry[]> {
    const about = subjectIds.length ? [{ entityId: { $in: subjectIds } }] : [];
    const by = userId ? [{ actor: userId }] : [];
    if (!about.length && !by.length) return Promise.resolve([]);
    return this.em.find(AuditEntry, { $or: [...by, ...about] }, { orderBy: { createdAt: 'asc', id: 'asc' } });
  }

  /** One page of the organisation's log, newest first, and how many entries match in all. */
  findPage(kind: AuditKind | undefined, limit: number, offset: number): Promise<[AuditEntry[], number]> {
    return this.em.findAndCount(AuditEntry, kind ? { kind } : {}, { orderBy: { createdAt: 'desc', id: 'desc' }, limit, offset });
  }
}
