import { Injectable } from '@nestjs/common';
import type { OrganizationTables, TableRow } from '../../database/organization-tables';
import { AuthTablesRepository, type AuthTablesName } from './auth-tables.repository';

/** The auth module's tables for the organisation export and import (data-rights). */
@Injectable()
export class AuthTablesService implements OrganizationTables<AuthTablesName> {
  readonly tables = ['users', 'user_identities'] as const;

  constructor(private readonly rows: AuthTablesRepository) {}

  rowsAfter(table: AuthTablesName, after: readonly unknown[], limit: number): Promise<TableRow[]> {
    return this.rows.rowsAfter(table, after, limit);
  }

  insertRows(table: AuthTablesName, rows: readonly TableRow[]): Promise<void> {
    return this.rows.insertRows(table, rows);
  }
}
