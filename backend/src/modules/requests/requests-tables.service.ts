import { Injectable } from '@nestjs/common';
import type { OrganizationTables, TableRow } from '../../database/organization-tables';
import { RequestsTablesRepository, type RequestsTablesName } from './requests-tables.repository';

/** The requests module's tables for the organisation export and import (data-rights). */
@Injectable()
export class RequestsTablesService implements OrganizationTables<RequestsTablesName> {
  readonly tables = ['cancel_requests', 'swap_requests'] as const;

  constructor(private readonly rows: RequestsTablesRepository) {}

  rowsAfter(table: RequestsTablesName, after: readonly unknown[], limit: number): Promise<TableRow[]> {
    return this.rows.rowsAfter(table, after, limit);
  }

  insertRows(table: RequestsTablesName, rows: readonly TableRow[]): Promise<void> {
    return this.rows.insertRows(table, rows);
  }
}
