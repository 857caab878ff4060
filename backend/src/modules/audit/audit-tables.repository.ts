import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { TenantContext } from '../../tenancy/tenant-context';
import { rowsOf, type TableRow } from '../../database/organization-tables';

export type AuditTablesName = 'audit_entries';

/**
 * The audit module's tables in the organisation export and import (docs/export-format.md): one
 * organisation's rows a batch at a time in key order (keyset, so a school of any size is read in
 * constant memory), as PostgreSQL's own JSON of each row, and the import's rows written back with
 * `jsonb_populate_recordset`, whose JSON is the same.
 */
@Injectable()
export class AuditTablesRepository {
  constructor(private readonly em: EntityManager) {}

  /** Up to `limit` rows of `table` after the key `after`, in key order. */
  async rowsAfter(table: AuditTablesName, after: readonly unknown[], limit: number): Promise<TableRow[]> {
    const organizationId = TenantContext.require();
    switch (table) {
      case 'audit_entries':
        return rowsOf(
          await this.em.execute(`select to_jsonb(t) as row from audit_entries t where t.organization_id = ? and t.id > ? order by t.id limit ?`, [
            organizationId,
            ...after,
            limit,
          ]),
        );
    }
  }

  /** Adds the import's rows of `table` (ids already the new organisation's). */
  async insertRows(table: AuditTablesName, rows: readonly TableRow[]): Promise<void> {
    const organizationId = TenantContext.require();
    const json = JSON.stringify(rows);
    switch (table) {
      case 'audit_entries':
        // New numbers from the sequence, in the archive's order.
        await this.em.execute(
          `insert into audit_entries (organization_id, actor_id, actor_name, kind, action, entity_id, summary, before, after, created_at) select r.organization_id, r.actor_id, r.actor_name, r.kind, r.action, r.entity_id, r.summary, r.before, r.after, r.created_at from jsonb_populate_recordset(null::audit_entries, ?::jsonb) with ordinality r where r.organization_id = ? order by r.ordinality`,
          [json, organizationId],
        );
        return;
    }
  }
}
