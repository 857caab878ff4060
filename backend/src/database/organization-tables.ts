/** One row of a table as PostgreSQL's `to_jsonb` writes it (and `jsonb_populate_recordset` reads it). */
export type TableRow = Record<string, unknown>;

/**
 * A module's tables in the organisation export and import (docs/export-format.md), offered by the
 * module that owns them (docs/architecture.md, "One owner per table"): each owner reads and writes
 * its own tables with its own literal SQL, of the organisation of the tenant context (the export's,
 * or the new organisation an import fills); data-rights only moves the rows.
 */
export interface OrganizationTables<Name extends string = string> {
  readonly tables: readonly Name[];
  /** Up to `limit` rows of `table` whose key comes after `after`, in key order (keyset paging). */
  rowsAfter(table: Name, after: readonly unknown[], limit: number): Promise<TableRow[]>;
  /** Adds rows to `table` in one statement; the rows are the organisation's already (ids remapped). */
  insertRows(table: Name, rows: readonly TableRow[]): Promise<void>;
  /** Removes the rows every new organisation starts with (its settings row…) that the archive's replace. */
  clearDefaults?(): Promise<void>;
}

/** The `row` column of `select to_jsonb(t) as row …`. */
export function rowsOf(result: unknown): TableRow[] {
  return (result as { row: TableRow }[]).map((r) => r.row);
}

/**
 * Every row of one table of one organisation, a batch at a time: a school of any size is read in
 * constant memory. `start` is a key before every row's (the nil uuid, 0); `keyOf` reads a row's key.
 */
export async function* keysetBatches(
  read: (after: readonly unknown[]) => Promise<TableRow[]>,
  start: readonly unknown[],
  keyOf: (row: TableRow) => unknown[],
  limit: number,
): AsyncGenerator<TableRow[]> {
  let after = start;
  for (;;) {
    const rows = await read(after);
    if (rows.length) yield rows;
    if (rows.length < limit) return;
    after = keyOf(rows[rows.length - 1]!);
  }
}
