import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth-user';
import type { ErasedPerson } from '../../common/erasure/erased-person';
import { AuditLogRepository, type NewAuditEntry } from './audit-log.repository';
import type { AuditEntryDto } from './dto/audit-entry.dto';
import type { AuditLogPageDto } from './dto/audit-log-page.dto';
import type { AuditLogQueryDto } from './dto/audit-log-query.dto';
import type { AuditEntry, AuditKind } from './entities/audit-entry.entity';

export interface AuditRecord {
  kind: AuditKind;
  action: string;
  entityId: string;
  summary: string;
  before?: object;
  after?: object;
}

/** Only the fields that changed, before and after; the rest is noise in the log. */
export function changedFields<T extends object>(before: T, after: T): { before: Partial<T>; after: Partial<T> } {
  const b: Partial<T> = {};
  const a: Partial<T> = {};
  for (const key of Object.keys(after) as (keyof T)[]) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      b[key] = before[key];
      a[key] = after[key];
    }
  }
  return { before: b, after: a };
}

@Injectable()
export class AuditService {
  constructor(private readonly log: AuditLogRepository) {}

  /** Adds an entry to the current unit of work, so it commits or rolls back with the change. */
  record(actor: AuthUser | undefined, entry: AuditRecord): AuditEntry {
    return this.log.add(newEntry(actor, entry));
  }

  /**
   * Writes an entry at once in the current transaction (one statement, no unit of work), so it
   * commits or rolls back with the change: for an entry with large lists, such as a repair's.
   */
  recordNow(actor: AuthUser | undefined, entry: AuditRecord): Promise<void> {
    return this.log.insert(newEntry(actor, entry));
  }

  /** Every entry made by `userId` or about one of `subjectIds` (their staff record and user), oldest first. */
  about(userId: string | null, subjectIds: string[]): Promise<AuditEntry[]> {
    return this.log.findAbout(userId, subjectIds);
  }

  /** Replaces an erased person's names and addresses by their pseudonym throughout the log; how many entries changed. */
  scrubErased(person: ErasedPerson): Promise<number> {
    return this.log.scrub(person.pattern, person.pseudonym);
  }

  /** Who changed what and when in this organisation, newest first, a page at a time. */
  async listPage(query: AuditLogQueryDto): Promise<AuditLogPageDto> {
    const page = query.page ?? 1;
    const pageSize = query.pageSize ?? 25;
    const [items, total] = await this.log.findPage(query.kind, pageSize, (page - 1) * pageSize);
    return { items: items.map(toAuditEntryDto), total, page, pageSize };
  }
}

function newEntry(actor: AuthUser | undefined, entry: AuditRecord): NewAuditEntry {
  return {
    actor: actor?.id,
    actorName: actor?.name ?? 'System',
    kind: entry.kind,
    action: entry.action,
    entityId: entry.entityId,
    summary: entry.summary.slice(0, 500),
    before: entry.before as Record<string, unknown> | undefined,
    after: entry.after as Record<string, unknown> | undefined,
  };
}

export function toAuditEntryDto(e: AuditEntry): AuditEntryDto {
  return {
    id: String(e.id),
    createdAt: e.createdAt.toISOString(),
    actorName: e.actorName,
    kind: e.kind,
    action: e.action,
    entityId: e.entityId,
    summary: e.summary,
    before: e.before,
    after: e.after,
  };
}
