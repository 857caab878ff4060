import { parse } from 'csv-parse/sync';
import { emailProblem, normalizeEmail } from '../../common/validation/email-address';
import { ISO_WEEKDAYS, parseWeekdays } from '../../common/clock/weekdays';
import { isSingleLine } from '../../common/validation/line-text';
import type { ImportRowDto } from './dto/import-row.dto';
import { MAX_FTE, MIN_FTE } from './fte-range';

export const MAX_IMPORT_ROWS = 5000;

const TRUE = new Set(['yes', 'y', 'true', '1', 'teaching', 't']);
const FALSE = new Set(['no', 'n', 'false', '0', 'non-teaching', 'non teaching', 'nonteaching', 'support']);

/**
 * A quoted cell may hold line breaks (a spreadsheet's Alt+Enter); names and departments are one
 * line, as the API has them (common/validation/multi-line.ts), so the row is refused, not mended.
 */
const ONE_LINE = (column: string) => `${column} must be on one line: it holds a line break, a tab or another control character`;

/** Header spellings of the optional columns (compared lower-cased, spaces, `_` and `-` alike). */
const WORKING_DAYS_HEADERS = ['working days', 'workingdays', 'days worked', 'days'];
const FTE_HEADERS = ['fte', 'fte fraction', 'contract fraction'];

/**
 * A contract fraction as a spreadsheet writes it: "0.6", ".6", "1", "60%"; null when blank.
 * docs/product.md#working-patterns: 0.05 to 1, at most two decimals.
 */
export function parseFte(text: string): { fte: number | null } | { error: string } {
  const raw = text.trim();
  if (!raw) return { fte: null };
  const match = /^(\d*\.?\d+)\s*(%?)$/.exec(raw);
  const value = match ? Number(match[1]) / (match[2] ? 100 : 1) : NaN;
  const rounded = Math.round(value * 100) / 100;
  if (!Number.isFinite(value) || Math.abs(rounded - value) > 1e-9 || value < MIN_FTE || value > MAX_FTE) {
    return { error: `FTE must be a number from ${MIN_FTE} to ${MAX_FTE} with at most two decimals, e.g. 0.6 or 60% (got "${raw}")` };
  }
  return { fte: rounded };
}

/** A staff CSV's rows, each with its errors; or why the file as a whole can't be imported (a 400). */
export type StaffCsv = { rows: ImportRowDto[] } | { error: string };

/**
 * Reads a staff CSV (header row: name, email, and optionally department, teaching, working days
 * and fte — any order, any case) and checks every row on its own and against the rows before it.
 * Whether an email already exists in the organisation is the caller's check.
 *
 * A worker task (common/workers/worker-pool.ts): 5,000 rows are tens of milliseconds of parsing
 * and checking. So this module loads no Nest, ORM or class-validator (the email check,
 * common/validation/email-address.ts, is validator's, which class-validator's `isEmail` calls, with
 * the app's one rule for look-alike addresses), and answers errors instead of throwing.
 */
export function readStaffCsv(content: Uint8Array): StaffCsv {
  let records: string[][];
  try {
    records = parse(Buffer.from(content.buffer, content.byteOffset, content.byteLength).toString('utf8').replace(/^\uFEFF/, ''), {
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
    }) as string[][];
  } catch (err) {
    return { error: `The file is not a readable CSV: ${(err as Error).message}` };
  }
  const [header, ...rows] = records;
  const columns = (header ?? []).map((h) => h.trim().toLowerCase().replace(/[\s_-]+/g, ' '));
  const col = (...names: string[]) => columns.findIndex((c) => names.includes(c));
  if (col('name') < 0 || col('email') < 0) {
    return { error: 'The CSV needs a header row with at least the columns name and email (and optionally department, teaching, working days and fte).' };
  }
  if (rows.length === 0) return { error: 'The CSV has a header row but no staff rows.' };
  if (rows.length > MAX_IMPORT_ROWS) return { error: `The CSV has ${rows.length} rows; import at most ${MAX_IMPORT_ROWS} at a time.` };

  const firstLineOf = new Map<string, number>();
  const checked = rows.map((cells, index) => {
    const line = index + 2;
    const cell = (...names: string[]) => (col(...names) >= 0 ? (cells[col(...names)] ?? '').trim() : '');
    const errors: string[] = [];
    const name = cell('name');
    const email = normalizeEmail(cell('email'));
    const department = cell('department') || null;
    const teachingRaw = cell('teaching').toLowerCase();

    if (!name) errors.push('Name is required');
    else if (name.length > 100) errors.push('Name must be at most 100 characters');
    else if (!isSingleLine(name)) errors.push(ONE_LINE('Name'));
    const problem = emailProblem(email, `"${email}" is not a valid email address`);
    if (problem) errors.push(problem);
    if (department && department.length > 100) errors.push('Department must be at most 100 characters');
    else if (department && !isSingleLine(department)) errors.push(ONE_LINE('Department'));
    let isTeaching = true;
    if (teachingRaw) {
      if (TRUE.has(teachingRaw)) isTeaching = true;
      else if (FALSE.has(teachingRaw)) isTeaching = false;
      else errors.push(`Teaching must be yes or no (got "${cell('teaching')}")`);
    }
    let workingDays: number[] = [...ISO_WEEKDAYS];
    const days = parseWeekdays(cell(...WORKING_DAYS_HEADERS));
    if ('error' in days) errors.push(`Working days: ${days.error} (write them like "Mon Tue Wed" or "Mon-Wed"; blank is every weekday)`);
    else workingDays = days.days;
    const fteCell = parseFte(cell(...FTE_HEADERS));
    if ('error' in fteCell) errors.push(fteCell.error);
    const fte = 'fte' in fteCell ? fteCell.fte : null;
    if (email) {
      const first = firstLineOf.get(email);
      if (first !== undefined) errors.push(`Duplicate of line ${first} in this file`);
      else firstLineOf.set(email, line);
    }
    return { line, name, email, department, isTeaching, workingDays, fte, errors };
  });
  return { rows: checked };
}
