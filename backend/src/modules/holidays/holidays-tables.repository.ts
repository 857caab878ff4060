import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { TenantContext } from '../../tenancy/tenant-context';
import { rowsOf, type TableRow } from '../../database/organization-tables';

export type HolidaysTablesName = 'holidays' | 'terms';

/**
 * The holidays module's tables in the organisation export and import (docs/export-format.md): one
 * organisation's rows a batch at a time in key order (keyset, so a school of any size is read in
 * constant memory), as PostgreSQL's own JSON of each row, and the import's rows written back with
 * `jsonb_populate_recordset`, whose JSON is the same.
 */
@Injectable()
export class HolidaysTablesRepository {
  constructor(private readonly em: EntityManager) {}

  /** Up to `limit` rows of `table` after the key `after`, in key order. */
  async rowsAfter(table: HolidaysTablesName, after: readonly unknown[], limit: number): Promise<TableRow[]> {
    const organizationId = TenantContext.require();
    switch (table) {
      case 'holidays':
        return rowsOf(
          await this.em.execute(`select to_jsonb(t) as row from holidays t where t.organization_id = ? and t.id > ? order by t.id limit ?`, [
            organizationId,
            ...after,
            limit,
          ]),
        );
      case 'terms':
        return rowsOf(
          await this.em.execute(`select to_jsonb(t) as row from terms t where t.organization_id = ? and t.id > ? order by t.id limit ?`, [
            organizationId,
            ...after,
            limit,
          ]),
        );
    }
  }

  /** Adds the import's rows of `table` (ids already the new organisation's). */
  async insertRows(table: HolidaysTablesName, rows: readonly TableRow[]): Promise<void> {
    const organizationId = TenantContext.require();
    const json = JSON.stringify(rows);
    switch (table) {
      case 'holidays':
        await this.em.execute(
          'insert into holidays select r.* from jsonb_populate_recordset(null::holidays, ?::jsonb) r where r.organization_id = ?',
          [json, organizationId],
        );
        return;
      case 'terms':
        await this.em.execute('insert into terms select r.* from jsonb_populate_recordset(null::terms, ?::jsonb) r where r.organization_id = ?', [
          json,
          organizationId,
        ]);
        return;
    }
  }
}
