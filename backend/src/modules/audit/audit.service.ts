import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth-user';
import { AuditEntry, type AuditKind } from './entities/audit-entry.entity';

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
  /** Adds an entry to the caller's unit of work, so it commits or rolls back with the change. */
  record(em: EntityManager, actor: AuthUser | undefined, entry: AuditRecord): AuditEntry {
    return em.create(AuditEntry, {
      actor: actor?.id,
      actorName: actor?.name ?? 'System',
      kind: entry.kind,
      action: entry.action,
      entityId: entry.entityId,
      summary: entry.summary.slice(0, 500),
      before: entry.before as Record<string, unknown> | undefined,
      after: entry.after as Record<string, unknown> | undefined,
    });
  }
}
