import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { jsonParam } from '../../database/json-param';
import { TenantContext } from '../../tenancy/tenant-context';
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
   * Writes an entry now, in one statement in the current transaction, without the unit of work: for
   * an entry whose before or after is large (a repair's lists of hundreds of duties), which the unit
   * of work would copy and compare property by property to flush it. Commits or rolls back with the
   * change it records, like `add`.
   */
  async insert(entry: NewAuditEntry): Promise<void> {
    const json = (value: Record<string, unknown> | undefined) => (value === undefined ? null : jsonParam(value));
    await this.em.execute(
      `insert into audit_entries (organization_id, actor_id, actor_name, kind, action, entity_id, summary, before, after, created_at)
       values (?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?::jsonb, ?)`,
      [
        TenantContext.require(),
        entry.actor ?? null,
        entry.actorName,
        entry.kind,
        entry.action,
        entry.entityId,
        entry.summary,
        json(entry.before),
        json(entry.after),
        new Date(),
      ],
    );
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

  /**
   * Replaces an erased person's names and addresses (`pattern`, whole words, any case) by their
   * pseudonym in every text of the organisation's log: who acted, the summaries, before and after.
   * Returns how many entries changed.
   */
  async scrub(pattern: string, pseudonym: string): Promise<number> {
    const rows = await this.em.execute<{ id: string }[]>(
      `update audit_entries
          set actor_name = regexp_replace(actor_name, ?, ?, 'gi'), summary = regexp_replace(summary, ?, ?, 'gi'),
              before = regexp_replace(before::text, ?, ?, 'gi')::jsonb, after = regexp_replace(after::text, ?, ?, 'gi')::jsonb
        where organization_id = ? and (actor_name ~* ? or summary ~* ? or before::text ~* ? or after::text ~* ?)
        returning id`,
      [pattern, pseudonym, pattern, pseudonym, pattern, pseudonym, pattern, pseudonym, TenantContext.require(), pattern, pattern, pattern, pattern],
    );
    return rows.length;
  }

  /** One page of the organisation's log, newest first, and how many entries match in all. */
  findPage(kind: AuditKind | undefined, limit: number, offset: number): Promise<[AuditEntry[], number]> {
    return this.em.findAndCount(AuditEntry, kind ? { kind } : {}, { orderBy: { createdAt: 'desc', id: 'desc' }, limit, offset });
  }
}
