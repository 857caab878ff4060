import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { TenantContext } from '../../tenancy/tenant-context';
import { rowsOf, type TableRow } from '../../database/organization-tables';

export type RotaTablesName = 'rota_days' | 'rota_slots' | 'rota_drafts' | 'draft_slots' | 'wet_days' | 'wet_day_notices';

/**
 * The rota module's tables in the organisation export and import (docs/export-format.md): one
 * organisation's rows a batch at a time in key order (keyset, so a school of any size is read in
 * constant memory), as PostgreSQL's own JSON of each row, and the import's rows written back with
 * `jsonb_populate_recordset`, whose JSON is the same.
 */
@Injectable()
export class RotaTablesRepository {
  constructor(private readonly em: EntityManager) {}

  /** Up to `limit` rows of `table` after the key `after`, in key order. */
  async rowsAfter(table: RotaTablesName, after: readonly unknown[], limit: number): Promise<TableRow[]> {
    const organizationId = TenantContext.require();
    switch (table) {
      case 'rota_days':
        return rowsOf(
          await this.em.execute(`select to_jsonb(t) as row from rota_days t where t.organization_id = ? and t.id > ? order by t.id limit ?`, [
            organizationId,
            ...after,
            limit,
          ]),
        );
      case 'rota_slots':
        return rowsOf(
          await this.em.execute(`select to_jsonb(t) as row from rota_slots t where t.organization_id = ? and t.id > ? order by t.id limit ?`, [
            organizationId,
            ...after,
            limit,
          ]),
        );
      case 'rota_drafts':
        return rowsOf(
          await this.em.execute(`select to_jsonb(t) as row from rota_drafts t where t.organization_id = ? and t.id > ? order by t.id limit ?`, [
            organizationId,
            ...after,
            limit,
          ]),
        );
      case 'draft_slots':
        return rowsOf(
          await this.em.execute(`select to_jsonb(t) as row from draft_slots t where t.organization_id = ? and t.id > ? order by t.id limit ?`, [
            organizationId,
            ...after,
            limit,
          ]),
        );
      case 'wet_days':
        return rowsOf(
          await this.em.execute(`select to_jsonb(t) as row from wet_days t where t.organization_id = ? and t.id > ? order by t.id limit ?`, [
            organizationId,
            ...after,
            limit,
          ]),
        );
      case 'wet_day_notices':
        return rowsOf(
          await this.em.execute(`select to_jsonb(t) as row from wet_day_notices t where t.organization_id = ? and t.id > ? order by t.id limit ?`, [
            organizationId,
            ...after,
            limit,
          ]),
        );
    }
  }

  /** Adds the import's rows of `table` (ids already the new organisation's). */
  async insertRows(table: RotaTablesName, rows: readonly TableRow[]): Promise<void> {
    const organizationId = TenantContext.require();
    const json = JSON.stringify(rows);
    switch (table) {
      case 'rota_days':
        await this.em.execute(
          'insert into rota_days select r.* from jsonb_populate_recordset(null::rota_days, ?::jsonb) r where r.organization_id = ?',
          [json, organizationId],
        );
        return;
      case 'rota_slots':
        await this.em.execute(
          'insert into rota_slots select r.* from jsonb_populate_recordset(null::rota_slots, ?::jsonb) r where r.organization_id = ?',
          [json, organizationId],
        );
        return;
      case 'rota_drafts':
        await this.em.execute(
          'insert into rota_drafts select r.* from jsonb_populate_recordset(null::rota_drafts, ?::jsonb) r where r.organization_id = ?',
          [json, organizationId],
        );
        return;
      case 'draft_slots':
        await this.em.execute(
          'insert into draft_slots select r.* from jsonb_populate_recordset(null::draft_slots, ?::jsonb) r where r.organization_id = ?',
          [json, organizationId],
        );
        return;
      case 'wet_days':
        await this.em.execute(
          'insert into wet_days select r.* from jsonb_populate_recordset(null::wet_days, ?::jsonb) r where r.organization_id = ?',
          [json, organizationId],
        );
        return;
      case 'wet_day_notices':
        await this.em.execute(
          'insert into wet_day_notices select r.* from jsonb_populate_recordset(null::wet_day_notices, ?::jsonb) r where r.organization_id = ?',
          [json, organizationId],
        );
        return;
    }
  }
}
