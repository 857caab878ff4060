import { randomUUID } from 'node:crypto';
import type { TableRow } from '../../database/organization-tables';
import { ORGANIZATION_TYPES, REGIONS } from '../tenants/entities/organization.entity';
import type { ImportedOrganizationSettings } from '../tenants/imported-organization-settings';
import { type ColumnType, EXPORT_FORMAT, EXPORT_SCHEMA_VERSION, EXPORTED_TABLES, type ExportColumn, type ExportTable } from './export-format';
import { ArchiveProblem } from './organization-import-archive';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const UUID_ANYWHERE = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/** An archive that passed every check: its organisation's settings and each table's rows, as written. */
export interface CheckedArchive {
  organization: ImportedOrganizationSettings;
  tables: Map<string, TableRow[]>;
}

/** How a row is named in a refusal: the file, table, row number and id, so a person can find it. */
function rowLabel(table: ExportTable, index: number, row?: TableRow): string {
  const id = row && typeof row.id === 'string' ? ` (id ${row.id})` : '';
  return `organization.json, table "${table.name}", row ${index + 1}${id}`;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const TYPE_WORDS: Record<ColumnType, string> = {
  uuid: 'an id (uuid)',
  text: 'text',
  integer: 'a whole number',
  number: 'a number',
  boolean: 'true or false',
  date: 'a date (YYYY-MM-DD)',
  timestamp: 'a date and time (ISO 8601 with an offset)',
  json: 'JSON',
  'integer[]': 'a list of whole numbers',
  'text[]': 'a list of texts',
  file: 'the name of a file under files/ in the archive',
};

function fits(column: ExportColumn, value: unknown, files: Map<string, Buffer>): boolean {
  if (value === null) return column.nullable === true;
  switch (column.type) {
    case 'uuid':
      return typeof value === 'string' && UUID.test(value);
    case 'text':
      return typeof value === 'string';
    case 'integer':
      return Number.isSafeInteger(value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'date':
      return typeof value === 'string' && DATE.test(value) && !Number.isNaN(Date.parse(value));
    case 'timestamp':
      return typeof value === 'string' && TIMESTAMP.test(value) && !Number.isNaN(Date.parse(value));
    case 'json':
      return value !== undefined;
    case 'integer[]':
      return Array.isArray(value) && value.every((v) => Number.isSafeInteger(v));
    case 'text[]':
      return Array.isArray(value) && value.every((v) => typeof v === 'string');
    case 'file':
      return typeof value === 'string' && files.has(value);
  }
}

function checkOrganization(value: unknown): ImportedOrganizationSettings {
  const where = 'organization.json, "organization"';
  if (!isObject(value)) throw new ArchiveProblem(`${where} is missing or not an object.`);
  if (!(ORGANIZATION_TYPES as readonly unknown[]).includes(value.type)) {
    throw new ArchiveProblem(`${where}: "type" must be one of ${ORGANIZATION_TYPES.join(', ')}.`);
  }
  if (!isObject(value.settings)) throw new ArchiveProblem(`${where}: "settings" must be an object.`);
  if (typeof value.timezone !== 'string' || !validTimeZone(value.timezone))
    throw new ArchiveProblem(`${where}: "timezone" must be a time zone such as Europe/London.`);
  if (!(REGIONS as readonly unknown[]).includes(value.region)) throw new ArchiveProblem(`${where}: "region" must be one of ${REGIONS.join(', ')}.`);
  if (typeof value.require_admin_two_factor !== 'boolean') throw new ArchiveProblem(`${where}: "require_admin_two_factor" must be true or false.`);
  return {
    type: value.type as ImportedOrganizationSettings['type'],
    settings: value.settings,
    timezone: value.timezone,
    region: value.region as ImportedOrganizationSettings['region'],
    require_admin_two_factor: value.require_admin_two_factor,
  };
}

function validTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * Checks an organisation export's organization.json as every input is checked: its format and
 * schema version, every table there and no other, every row with exactly its table's columns of
 * the right types, one organisation, no id twice, and every reference to a row of the archive.
 * Throws an ArchiveProblem naming the file, table and row.
 */
export function checkArchive(json: string, files: Map<string, Buffer>): CheckedArchive {
  let document: unknown;
  try {
    document = JSON.parse(json);
  } catch (err) {
    throw new ArchiveProblem(`organization.json is not valid JSON (${(err as Error).message}).`);
  }
  if (!isObject(document) || document.format !== EXPORT_FORMAT) {
    throw new ArchiveProblem(`organization.json is not a Duty Manager organisation export: its "format" must be "${EXPORT_FORMAT}".`);
  }
  if (document.schemaVersion !== EXPORT_SCHEMA_VERSION) {
    throw new ArchiveProblem(
      `organization.json has schemaVersion ${JSON.stringify(document.schemaVersion)}; this version of Duty Manager imports schemaVersion ${EXPORT_SCHEMA_VERSION}.`,
    );
  }
  const organization = checkOrganization(document.organization);
  if (!isObject(document.tables)) throw new ArchiveProblem('organization.json has no "tables" object.');
  const known = new Set(EXPORTED_TABLES.map((t) => t.name));
  const unknown = Object.keys(document.tables).find((name) => !known.has(name));
  if (unknown) throw new ArchiveProblem(`organization.json has a table "${unknown}" that schemaVersion ${EXPORT_SCHEMA_VERSION} does not have.`);

  const tables = new Map<string, TableRow[]>();
  const ids = new Map<string, Set<string>>();
  const everyId = new Set<string>();
  let organizationId: string | undefined;
  for (const table of EXPORTED_TABLES) {
    const rows = document.tables[table.name];
    if (!Array.isArray(rows)) throw new ArchiveProblem(`organization.json has no table "${table.name}" (a list of rows).`);
    const columns = Object.entries(table.columns);
    const keys = new Set<string>();
    const tableIds = new Set<string>();
    rows.forEach((row: unknown, index) => {
      if (!isObject(row)) throw new ArchiveProblem(`${rowLabel(table, index)} is not an object.`);
      for (const [name, column] of columns) {
        if (!(name in row)) throw new ArchiveProblem(`${rowLabel(table, index, row)} has no column "${name}".`);
        if (!fits(column, row[name], files)) {
          throw new ArchiveProblem(
            `${rowLabel(table, index, row)}: column "${name}" must be ${TYPE_WORDS[column.type]}${column.nullable ? ' or null' : ''}.`,
          );
        }
      }
      const extra = Object.keys(row).find((name) => !(name in table.columns));
      if (extra) throw new ArchiveProblem(`${rowLabel(table, index, row)} has a column "${extra}" that table "${table.name}" does not have.`);
      organizationId ??= row.organization_id as string;
      if (row.organization_id !== organizationId) {
        throw new ArchiveProblem(`${rowLabel(table, index, row)} belongs to another organisation than the rest of the archive.`);
      }
      const key = table.key.map((column) => String(row[column])).join('|');
      if (keys.has(key)) throw new ArchiveProblem(`${rowLabel(table, index, row)}: ${table.key.join(', ')} ${key} is there twice.`);
      keys.add(key);
      if (typeof row.id === 'string' && table.columns.id?.type === 'uuid') {
        if (everyId.has(row.id)) throw new ArchiveProblem(`${rowLabel(table, index, row)}: the id ${row.id} is used twice in the archive.`);
        everyId.add(row.id);
        tableIds.add(row.id);
      }
    });
    ids.set(table.name, tableIds);
    tables.set(table.name, rows as TableRow[]);
  }
  for (const table of EXPORTED_TABLES) {
    tables.get(table.name)!.forEach((row, index) => {
      for (const [name, column] of Object.entries(table.columns)) {
        const value = row[name];
        if (!column.references || column.references === 'organizations' || value === null) continue;
        if (!ids.get(column.references)?.has(value as string)) {
          throw new ArchiveProblem(
            `${rowLabel(table, index, row)}: column "${name}" refers to ${column.references} ${String(value)}, which is not in the archive.`,
          );
        }
      }
    });
  }
  return { organization, tables };
}

/** Who the import is for: the new organisation, and the accounts it has already (by lower-case email). */
export interface ImportTarget {
  organizationId: string;
  existingUsers: Map<string, string>;
}

/**
 * The archive's rows for the new organisation: every id a new uuid (an account whose email the
 * organisation has already becomes that account, and is not added again), every reference and
 * every mention of an id in text or JSON rewritten, `organization_id` the new organisation's.
 */
export function remapArchive(archive: CheckedArchive, target: ImportTarget): Map<string, TableRow[]> {
  const ids = new Map<string, string>();
  for (const row of archive.tables.get('users')!) {
    const existing = target.existingUsers.get(String(row.email).toLowerCase());
    if (existing) ids.set(row.id as string, existing);
  }
  for (const table of EXPORTED_TABLES) {
    if (table.columns.id?.type !== 'uuid') continue;
    for (const row of archive.tables.get(table.name)!) if (!ids.has(row.id as string)) ids.set(row.id as string, randomUUID());
  }
  const swapIds = (text: string) => text.replace(UUID_ANYWHERE, (id) => ids.get(id.toLowerCase()) ?? id);
  const walk = (value: unknown): unknown => {
    if (typeof value === 'string') return swapIds(value);
    if (Array.isArray(value)) return value.map(walk);
    if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v)]));
    return value;
  };
  const tables = new Map<string, TableRow[]>();
  for (const table of EXPORTED_TABLES) {
    tables.set(
      table.name,
      archive.tables.get(table.name)!.map((row) => {
        const out: TableRow = {};
        for (const [name, column] of Object.entries(table.columns)) {
          const value = row[name];
          if (name === 'organization_id') out[name] = target.organizationId;
          else if (value === null || column.type === 'file') out[name] = value;
          else if (column.type === 'uuid') out[name] = ids.get(value as string) ?? value;
          else if (column.type === 'text' || column.type === 'json' || column.type === 'text[]') out[name] = walk(value);
          else out[name] = value;
        }
        return out;
      }),
    );
  }
  return tables;
}
