import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { TenantContext } from '../../tenancy/tenant-context';
import { rowsOf, type TableRow } from '../../database/organization-tables';

export type DutiesTablesName = 'duties' | 'duty_eligibility' | 'duty_weekdays';

/**
 * The duties module's tables in the organisation export and import (docs/export-format.md): one
 * organisation's rows a batch at a time in key order (keyset, so a school of any size is read in
 * constant memory), as PostgreSQL's own JSON of each row, and the import's rows written back with
 * `jsonb_populate_recordset`, whose JSON is the same.
 */
@Injectable()
export class DutiesTablesRepository {
  constructor(private readonly em: EntityManager) {}

  /** Up to `limit` rows of `table` after the key `after`, in key order. */
  async rowsAfter(table: DutiesTablesName, after: readonly unknown[], limit: number): Promise<TableRow[]> {
    const organizationId = TenantContext.require();
    switch (table) {
      case 'duties':
        return rowsOf(
          await this.em.execute(`select to_jsonb(t) as row from duties t where t.organization_id = ? and t.id > ? order by t.id limit ?`, [
            organizationId,
            ...after,
            limit,
          ]),
        );
      case 'duty_eligibility':
        return rowsOf(
          await this.em.execute(`select to_jsonb(t) as row from duty_eligibility t where t.organization_id = ? and t.id > ? order by t.id limit ?`, [
            organizationId,
            ...after,
            limit,
          ]),
        );
      case 'duty_weekdays':
        return rowsOf(
          await this.em.execute(
            `select to_jsonb(t) as row from duty_weekdays t where t.organization_id = ? and (t.duty_id, t.weekday) > (?::uuid, ?::smallint) order by t.duty_id, t.weekday limit ?`,
            [organizationId, ...after, limit],
          ),
        );
    }
  }

  /** Removes the rows a new organisation starts with that the archive's replace. */
  async clearDefaults(): Promise<void> {
    const organizationId = TenantContext.require();
    // Every organisation starts with its Duty Manager duty (organizations_duty_manager_duty): the archive's replaces it.
    await this.em.execute('delete from duties where organization_id = ? and is_duty_manager', [organizationId]);
  }

  /** Adds the import's rows of `table` (ids already the new organisation's). */
  async insertRows(table: DutiesTablesName, rows: readonly TableRow[]): Promise<void> {
    const organizationId = TenantContext.require();
    const json = JSON.stringify(rows);
    switch (table) {
      case 'duties':
        await this.em.execute('insert into duties select r.* from jsonb_populate_recordset(null::duties, ?::jsonb) r where r.organization_id = ?', [
          json,
          organizationId,
        ]);
        return;
      case 'duty_eligibility':
        await this.em.execute(
          'insert into duty_eligibility select r.* from jsonb_populate_recordset(null::duty_eligibility, ?::jsonb) r where r.organization_id = ?',
          [json, organizationId],
        );
        return;
      case 'duty_weekdays':
        await this.em.execute(
          'insert into duty_weekdays select r.* from jsonb_populate_recordset(null::duty_weekdays, ?::jsonb) r where r.organization_id = ?',
          [json, organizationId],
        );
        return;
    }
  }
}
