import { Injectable } from '@nestjs/common';
import type { OrganizationTables, TableRow } from '../../database/organization-tables';
import { NotificationsTablesRepository, type NotificationsTablesName } from './notifications-tables.repository';

/** The notifications module's tables for the organisation export and import (data-rights). */
@Injectable()
export class NotificationsTablesService implements OrganizationTables<NotificationsTablesName> {
  readonly tables = ['notifications'] as const;

  constructor(private readonly rows: NotificationsTablesRepository) {}

  rowsAfter(table: NotificationsTablesName, after: readonly unknown[], limit: number): Promise<TableRow[]> {
    return this.rows.rowsAfter(table, after, limit);
  }

  insertRows(table: NotificationsTablesName, rows: readonly TableRow[]): Promise<void> {
    return this.rows.insertRows(table, rows);
  }
}
