import { Injectable } from '@nestjs/common';
import type { OrganizationTables, TableRow } from '../../database/organization-tables';
import { AuditTablesRepository, type AuditTablesName } from './audit-tables.repository';

/** The audit module's tables for the organisation export and import (data-rights). */
@Injectable()
export class AuditTablesService implements OrganizationTables<AuditTablesName> {
  readonly tables = ['audit_entries'] as const;

  constructor(private readonly rows: AuditTablesRepository) {}

  rowsAfter(table: AuditTablesName, after: readonly unknown[], limit: number): Promise<TableRow[]> {
    return this.rows.rowsAfter(table, after, limit);
  }

  insertRows(table: AuditTablesName, rows: readonly TableRow[]): Promise<void> {
    return this.rows.insertRows(table, rows);
  }
}
