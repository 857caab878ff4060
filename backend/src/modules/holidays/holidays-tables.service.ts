import { Injectable } from '@nestjs/common';
import type { OrganizationTables, TableRow } from '../../database/organization-tables';
import { HolidaysTablesRepository, type HolidaysTablesName } from './holidays-tables.repository';

/** The holidays module's tables for the organisation export and import (data-rights). */
@Injectable()
export class HolidaysTablesService implements OrganizationTables<HolidaysTablesName> {
  readonly tables = ['holidays', 'terms'] as const;

  constructor(private readonly rows: HolidaysTablesRepository) {}

  rowsAfter(table: HolidaysTablesName, after: readonly unknown[], limit: number): Promise<TableRow[]> {
    return this.rows.rowsAfter(table, after, limit);
  }

  insertRows(table: HolidaysTablesName, rows: readonly TableRow[]): Promise<void> {
    return this.rows.insertRows(table, rows);
  }
}
