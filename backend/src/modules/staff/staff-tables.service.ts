import { Injectable } from '@nestjs/common';
import type { OrganizationTables, TableRow } from '../../database/organization-tables';
import { StaffTablesRepository, type StaffTablesName } from './staff-tables.repository';

/** The staff module's tables for the organisation export and import (data-rights). */
@Injectable()
export class StaffTablesService implements OrganizationTables<StaffTablesName> {
  readonly tables = ['staff_groups', 'staff', 'staff_group_members'] as const;

  constructor(private readonly rows: StaffTablesRepository) {}

  rowsAfter(table: StaffTablesName, after: readonly unknown[], limit: number): Promise<TableRow[]> {
    return this.rows.rowsAfter(table, after, limit);
  }

  insertRows(table: StaffTablesName, rows: readonly TableRow[]): Promise<void> {
    return this.rows.insertRows(table, rows);
  }
}
