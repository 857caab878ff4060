import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { TenantContext } from '../../tenancy/tenant-context';
import { rowsOf, type TableRow } from '../../database/organization-tables';

export type SettingsTablesName = 'system_settings' | 'procedure_files';

/**
 * The settings module's tables in the organisation export and import (docs/export-format.md): one
 * organisation's rows a batch at a time in key order (keyset, so a school of any size is read in
 * constant memory), as PostgreSQL's own JSON of each row, and the import's rows written back with
 * `jsonb_populate_recordset`, whose JSON is the same.
 */
@Injectable()
export class SettingsTablesRepository {
  constructor(private readonly em: EntityManager) {}

  /** Up to `limit` rows of `table` after the key `after`, in key order. */
  async rowsAfter(table: SettingsTablesName, after: readonly unknown[], limit: number): Promise<TableRow[]> {
    const organizationId = TenantContext.require();
    switch (table) {
      case 'system_settings':
        return rowsOf(
          await this.em.execute(`select to_jsonb(t) as row from system_settings t where t.organization_id = ? and t.id > ? order by t.id limit ?`, [
            organizationId,
            ...after,
            limit,
          ]),
        );
      case 'procedure_files':
        return rowsOf(
          await this.em.execute(`select to_jsonb(t) as row from procedure_files t where t.organization_id = ? and t.id > ? order by t.id limit ?`, [
            organizationId,
            ...after,
            limit,
          ]),
        );
    }
  }

  /** Removes the rows a new organisation starts with that the archive's replace. */
  async clearDefaults(): Promise<void> {
    const organizationId = TenantContext.require();
    // A new organisation may have its default row already: the archive's replaces it.
    await this.em.execute('delete from system_settings where organization_id = ?', [organizationId]);
  }

  /** Adds the import's rows of `table` (ids already the new organisation's). */
  async insertRows(table: SettingsTablesName, rows: readonly TableRow[]): Promise<void> {
    const organizationId = TenantContext.require();
    const json = JSON.stringify(rows);
    switch (table) {
      case 'system_settings':
        await this.em.execute(
          'insert into system_settings select r.* from jsonb_populate_recordset(null::system_settings, ?::jsonb) r where r.organization_id = ?',
          [json, organizationId],
        );
        return;
      case 'procedure_files':
        await this.em.execute(
          'insert into procedure_files select r.* from jsonb_populate_recordset(null::procedure_files, ?::jsonb) r where r.organization_id = ?',
          [json, organizationId],
        );
        return;
    }
  }
}
