import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { TenantContext } from '../../tenancy/tenant-context';
import { rowsOf, type TableRow } from '../../database/organization-tables';

export type SsoTablesName = 'identity_providers' | 'sign_in_settings';

/**
 * The sso module's tables in the organisation export and import (docs/export-format.md): one
 * organisation's rows a batch at a time in key order (keyset, so a school of any size is read in
 * constant memory), as PostgreSQL's own JSON of each row, and the import's rows written back with
 * `jsonb_populate_recordset`, whose JSON is the same.
 */
@Injectable()
export class SsoTablesRepository {
  constructor(private readonly em: EntityManager) {}

  /** Up to `limit` rows of `table` after the key `after`, in key order. */
  async rowsAfter(table: SsoTablesName, after: readonly unknown[], limit: number): Promise<TableRow[]> {
    const organizationId = TenantContext.require();
    switch (table) {
      case 'identity_providers':
        return rowsOf(
          await this.em.execute(
            `select to_jsonb(t) - 'client_secret' as row from identity_providers t where t.organization_id = ? and t.id > ? order by t.id limit ?`,
            [organizationId, ...after, limit],
          ),
        );
      case 'sign_in_settings':
        return rowsOf(
          await this.em.execute(`select to_jsonb(t) as row from sign_in_settings t where t.organization_id = ? and t.id > ? order by t.id limit ?`, [
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
    await this.em.execute('delete from sign_in_settings where organization_id = ?', [organizationId]);
  }

  /** Adds the import's rows of `table` (ids already the new organisation's). */
  async insertRows(table: SsoTablesName, rows: readonly TableRow[]): Promise<void> {
    const organizationId = TenantContext.require();
    const json = JSON.stringify(rows);
    switch (table) {
      case 'identity_providers':
        await this.em.execute(
          'insert into identity_providers select r.* from jsonb_populate_recordset(null::identity_providers, ?::jsonb) r where r.organization_id = ?',
          [json, organizationId],
        );
        return;
      case 'sign_in_settings':
        await this.em.execute(
          'insert into sign_in_settings select r.* from jsonb_populate_recordset(null::sign_in_settings, ?::jsonb) r where r.organization_id = ?',
          [json, organizationId],
        );
        return;
    }
  }
}
