import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { TenantContext } from '../../tenancy/tenant-context';
import { rowsOf, type TableRow } from '../../database/organization-tables';

export type StaffTablesName = 'staff_groups' | 'staff' | 'staff_group_members';

/**
 * The staff module's tables in the organisation export and import (docs/export-format.md): one
 * organisation's rows a batch at a time in key order (keyset, so a school of any size is read in
 * constant memory), as PostgreSQL's own JSON of each row, and the import's rows written back with
 * `jsonb_populate_recordset`, whose JSON is the same.
 */
@Injectable()
export class StaffTablesRepository {
  constructor(private readonly em: EntityManager) {}

  /** Up to `limit` rows of `table` after the key `after`, in key order. */
  async rowsAfter(table: StaffTablesName, after: readonly unknown[], limit: number): Promise<TableRow[]> {
    const organizationId = TenantContext.require();
    switch (table) {
      case 'staff_groups':
        return rowsOf(
          await this.em.execute(`select to_jsonb(t) as row from staff_groups t where t.organization_id = ? and t.id > ? order by t.id limit ?`, [
            organizationId,
            ...after,
            limit,
          ]),
        );
      case 'staff':
        return rowsOf(
          await this.em.execute(`select to_jsonb(t) as row from staff t where t.organization_id = ? and t.id > ? order by t.id limit ?`, [
            organizationId,
            ...after,
            limit,
          ]),
        );
      case 'staff_group_members':
        return rowsOf(
          await this.em.execute(
            `select to_jsonb(t) as row from staff_group_members t where t.organization_id = ? and (t.group_id, t.staff_id) > (?::uuid, ?::uuid) order by t.group_id, t.staff_id limit ?`,
            [organizationId, ...after, limit],
          ),
        );
    }
  }

  /** Adds the import's rows of `table` (ids already the new organisation's). */
  async insertRows(table: StaffTablesName, rows: readonly TableRow[]): Promise<void> {
    const organizationId = TenantContext.require();
    const json = JSON.stringify(rows);
    switch (table) {
      case 'staff_groups':
        await this.em.execute(
          'insert into staff_groups select r.* from jsonb_populate_recordset(null::staff_groups, ?::jsonb) r where r.organization_id = ?',
          [json, organizationId],
        );
        return;
      case 'staff':
        await this.em.execute('insert into staff select r.* from jsonb_populate_recordset(null::staff, ?::jsonb) r where r.organization_id = ?', [
          json,
          organizationId,
        ]);
        return;
      case 'staff_group_members':
        await this.em.execute(
          'insert into staff_group_members select r.* from jsonb_populate_recordset(null::staff_group_members, ?::jsonb) r where r.organization_id = ?',
          [json, organizationId],
        );
        return;
    }
  }
}
