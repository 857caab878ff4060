import { Injectable } from '@nestjs/common';
import type { OrganizationTables, TableRow } from '../../database/organization-tables';
import { SsoTablesRepository, type SsoTablesName } from './sso-tables.repository';

/** The sso module's tables for the organisation export and import (data-rights). */
@Injectable()
export class SsoTablesService implements OrganizationTables<SsoTablesName> {
  readonly tables = ['identity_providers', 'sign_in_settings'] as const;

  constructor(private readonly rows: SsoTablesRepository) {}

  rowsAfter(table: SsoTablesName, after: readonly unknown[], limit: number): Promise<TableRow[]> {
    return this.rows.rowsAfter(table, after, limit);
  }

  insertRows(table: SsoTablesName, rows: readonly TableRow[]): Promise<void> {
    return this.rows.insertRows(table, rows);
  }

  clearDefaults(): Promise<void> {
    return this.rows.clearDefaults();
  }
}
