import { Injectable } from '@nestjs/common';
import type { OrganizationTables, TableRow } from '../../database/organization-tables';
import { RotaTablesRepository, type RotaTablesName } from './rota-tables.repository';

/** The rota module's tables for the organisation export and import (data-rights). */
@Injectable()
export class RotaTablesService implements OrganizationTables<RotaTablesName> {
  readonly tables = ['rota_days', 'rota_slots', 'rota_drafts', 'draft_slots', 'wet_days', 'wet_day_notices'] as const;

  constructor(private readonly rows: RotaTablesRepository) {}

  rowsAfter(table: RotaTablesName, after: readonly unknown[], limit: number): Promise<TableRow[]> {
    return this.rows.rowsAfter(table, after, limit);
  }

  insertRows(table: RotaTablesName, rows: readonly TableRow[]): Promise<void> {
    return this.rows.insertRows(table, rows);
  }
}
