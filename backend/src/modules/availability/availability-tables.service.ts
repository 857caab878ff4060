import { Injectable } from '@nestjs/common';
import type { OrganizationTables, TableRow } from '../../database/organization-tables';
import { AvailabilityTablesRepository, type AvailabilityTablesName } from './availability-tables.repository';

/** The availability module's tables for the organisation export and import (data-rights). */
@Injectable()
export class AvailabilityTablesService implements OrganizationTables<AvailabilityTablesName> {
  readonly tables = ['staff_unavailability', 'recurring_unavailability'] as const;

  constructor(private readonly rows: AvailabilityTablesRepository) {}

  rowsAfter(table: AvailabilityTablesName, after: readonly unknown[], limit: number): Promise<TableRow[]> {
    return this.rows.rowsAfter(table, after, limit);
  }

  insertRows(table: AvailabilityTablesName, rows: readonly TableRow[]): Promise<void> {
    return this.rows.insertRows(table, rows);
  }
}
