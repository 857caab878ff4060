import { Injectable } from '@nestjs/common';
import type { OrganizationTables, TableRow } from '../../database/organization-tables';
import { SettingsTablesRepository, type SettingsTablesName } from './settings-tables.repository';

/** The settings module's tables for the organisation export and import (data-rights). */
@Injectable()
export class SettingsTablesService implements OrganizationTables<SettingsTablesName> {
  readonly tables = ['system_settings', 'procedure_files'] as const;

  constructor(private readonly rows: SettingsTablesRepository) {}

  rowsAfter(table: SettingsTablesName, after: readonly unknown[], limit: number): Promise<TableRow[]> {
    return this.rows.rowsAfter(table, after, limit);
  }

  insertRows(table: SettingsTablesName, rows: readonly TableRow[]): Promise<void> {
    return this.rows.insertRows(table, rows);
  }

  clearDefaults(): Promise<void> {
    return this.rows.clearDefaults();
  }
}
