import {
  type ColumnType,
  EXPORT_FORMAT,
  EXPORT_SCHEMA_VERSION,
  EXPORTED_TABLES,
  type ExportColumn,
  NOT_EXPORTED,
  NOT_EXPORTED_BY_USER,
  SECRET_COLUMNS,
} from './export-format';

/** Where docs/export-format.md's generated part starts and ends. */
export const TABLES_START = '<!-- export-tables:start (generated from backend/src/modules/data-rights/export-format.ts; do not edit) -->';
export const TABLES_END = '<!-- export-tables:end -->';

function columnNote(column: ExportColumn): string {
  const notes: string[] = [];
  if (column.references === 'organizations') notes.push('the organisation');
  else if (column.references) notes.push(`→ \`${column.references}.id\``);
  if (column.mentions === '*') notes.push('an id of any table (rewritten when the archive has that row)');
  else if (column.mentions?.endsWith('[]')) notes.push(`a JSON list of \`${column.mentions.slice(0, -2)}.id\``);
  else if (column.mentions) notes.push(`\`${column.mentions}.id\`, without a foreign key`);
  return notes.join('; ');
}

/** The tables and columns of schema version 1, as docs/export-format.md lists them. */
export function exportTablesMarkdown(): string {
  const lines = [TABLES_START, ''];
  for (const table of EXPORTED_TABLES) {
    lines.push(`### \`${table.name}\``, '', `${table.about} Key: ${table.key.map((k) => `\`${k}\``).join(', ')}. Owner: \`${table.owner}\`.`, '');
    lines.push('| Column | Type | Null | Refers to |', '| --- | --- | --- | --- |');
    for (const [name, column] of Object.entries(table.columns)) {
      lines.push(`| \`${name}\` | ${column.type} | ${column.nullable ? 'yes' : ''} | ${columnNote(column)} |`);
    }
    lines.push('');
  }
  lines.push('### Left out', '', '| Table or column | Why |', '| --- | --- |');
  for (const [name, why] of [...Object.entries(NOT_EXPORTED), ...Object.entries(NOT_EXPORTED_BY_USER), ...Object.entries(SECRET_COLUMNS)]) {
    lines.push(`| \`${name}\` | ${why} |`);
  }
  lines.push('', TABLES_END);
  return lines.join('\n');
}

const JSON_TYPES: Record<ColumnType, object> = {
  uuid: { type: 'string', format: 'uuid' },
  text: { type: 'string' },
  integer: { type: 'integer' },
  number: { type: 'number' },
  boolean: { type: 'boolean' },
  date: { type: 'string', format: 'date' },
  timestamp: { type: 'string', format: 'date-time' },
  json: {},
  'integer[]': { type: 'array', items: { type: 'integer' } },
  'text[]': { type: 'array', items: { type: 'string' } },
  file: { type: 'string', pattern: '^files/' },
};

/** The JSON Schema (draft 2020-12) of organization.json, schema version 1: docs/export-format.schema.json. */
export function exportJsonSchema(): object {
  const tables = Object.fromEntries(
    EXPORTED_TABLES.map((table) => [
      table.name,
      {
        description: table.about,
        type: 'array',
        items: {
          type: 'object',
          additionalProperties: false,
          required: Object.keys(table.columns),
          properties: Object.fromEntries(
            Object.entries(table.columns).map(([name, column]) => {
              const type = JSON_TYPES[column.type];
              return [name, column.nullable ? { anyOf: [type, { type: 'null' }] } : type];
            }),
          ),
        },
      },
    ]),
  );
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: `https://duty-manager.app/schemas/organization-export/${EXPORT_SCHEMA_VERSION}.json`,
    title: 'Duty Manager organisation export (organization.json)',
    type: 'object',
    additionalProperties: false,
    required: ['format', 'schemaVersion', 'exportedAt', 'organization', 'tables'],
    properties: {
      format: { const: EXPORT_FORMAT },
      schemaVersion: { const: EXPORT_SCHEMA_VERSION },
      exportedAt: { type: 'string', format: 'date-time' },
      organization: {
        type: 'object',
        required: ['name', 'type', 'settings', 'timezone', 'region', 'require_admin_two_factor', 'created_at'],
        properties: {
          name: { type: 'string' },
          type: { type: 'string' },
          settings: { type: 'object' },
          timezone: { type: 'string' },
          region: { type: 'string' },
          require_admin_two_factor: { type: 'boolean' },
          created_at: { type: 'string', format: 'date-time' },
        },
      },
      tables: { type: 'object', additionalProperties: false, required: EXPORTED_TABLES.map((t) => t.name), properties: tables },
    },
  };
}
