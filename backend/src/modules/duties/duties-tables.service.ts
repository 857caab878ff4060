import { Injectable } from '@nestjs/common';
import type { OrganizationTables, TableRow } from '../../database/organization-tables';
import { DutiesTablesRepository, type DutiesTablesName } from './duties-tables.repository';

/** The duties module's tables for the organisation export and import (data-rights). */
@Injectable()
export class DutiesTablesService implements OrganizationTables<DutiesTablesName> {
  readonly tables = ['duties', 'duty_eligibility', 'duty_weekdays'] as const;

  constructor(private readonly rows: DutiesTablesRepository) {}

  rowsAfter(table: DutiesTablesName, after: readonly unknown[], limit: number): Promise<TableRow[]> {
    return this.rows.rowsAfter(table, after, limit);
  }

  insertRows(table: DutiesTablesName, rows: readonly TableRow[]): Promise<void> {
    return this.rows.insertRows(table, rows);
  }

  clearDefaults(): Promise<void> {
    return this.rows.clearDefaults();
  }
}
