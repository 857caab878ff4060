import { BadRequestException } from '@nestjs/common';
import { parse } from 'csv-parse/sync';
import { isEmail } from 'class-validator';
import type { ImportRowDto } from './dto/staff.dto';

export const MAX_IMPORT_ROWS = 5000;

const TRUE = new Set(['yes', 'y', 'true', '1', 'teaching', 't']);
const FALSE = new Set(['no', 'n', 'false', '0', 'non-teaching', 'non teaching', 'nonteaching', 'support']);

/**
 * Reads a staff CSV (header row: name, email, department, teaching — any order, any case) and
 * checks every row on its own and against the rows before it. Whether an email already exists
 * in the organisation is the caller's check.
 */
export function parseStaffCsv(content: Buffer): ImportRowDto[] {
  let records: string[][];
  try {
    records = parse(content.toString('utf8').replace(/^\uFEFF/, ''), {
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
    }) as string[][];
  } catch (err) {
    throw new BadRequestException(`The file is not a readable CSV: ${(err as Error).message}`);
  }
  const [header, ...rows] = records;
  const columns = (header ?? []).map((h) => h.trim().toLowerCase());
  const col = (name: string) => columns.indexOf(name);
  if (col('name') < 0 || col('email') < 0) {
    throw new BadRequestException('The CSV needs a header row with at least the columns name and email (and optionally department and teaching).');
  }
  if (rows.length === 0) throw new BadRequestException('The CSV has a header row but no staff rows.');
  if (rows.length > MAX_IMPORT_ROWS) {
    throw new BadRequestException(`The CSV has ${rows.length} rows; import at most ${MAX_IMPORT_ROWS} at a time.`);
  }

  const firstLineOf = new Map<string, number>();
  return rows.map((cells, index) => {
    const line = index + 2;
    const cell = (name: string) => (col(name) >= 0 ? (cells[col(name)] ?? '').trim() : '');
    const errors: string[] = [];
    const name = cell('name');
    const email = cell('email').toLowerCase();
    const department = cell('department') || null;
    const teachingRaw = cell('teaching').toLowerCase();

    if (!name) errors.push('Name is required');
    else if (name.length > 100) errors.push('Name must be at most 100 characters');
    if (!email) errors.push('Email is required');
    else if (!isEmail(email) || email.length > 254) errors.push(`"${email}" is not a valid email address`);
    if (department && department.length > 100) errors.push('Department must be at most 100 characters');
    let isTeaching = true;
    if (teachingRaw) {
      if (TRUE.has(teachingRaw)) isTeaching = true;
      else if (FALSE.has(teachingRaw)) isTeaching = false;
      else errors.push(`Teaching must be yes or no (got "${cell('teaching')}")`);
    }
    if (email) {
      const first = firstLineOf.get(email);
      if (first !== undefined) errors.push(`Duplicate of line ${first} in this file`);
      else firstLineOf.set(email, line);
    }
    return { line, name, email, department, isTeaching, errors };
  });
}
