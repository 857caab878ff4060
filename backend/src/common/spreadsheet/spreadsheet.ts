import { stringify } from 'csv-stringify/sync';

export type SpreadsheetFormat = 'csv' | 'xlsx';

/** A calendar date (`yyyy-MM-dd`): a date cell in XLSX, so it sorts and filters as a date, not as text. */
export interface SpreadsheetDate {
  date: string;
}

export type SpreadsheetCell = string | number | SpreadsheetDate;

/** How XLSX date cells read: "1 Dec 2025", the app's list format (docs/product.md#texts-on-screen). */
export const XLSX_DATE_FORMAT = 'd mmm yyyy';

export interface SpreadsheetInput {
  format: SpreadsheetFormat;
  /** The XLSX sheet's name (Excel allows 31 characters). */
  sheetName: string;
  header: (string | number)[];
  rows: SpreadsheetCell[][];
}

/**
 * A table as a CSV or XLSX file's bytes. A worker task (common/workers/worker-pool.ts): a year's
 * export of a large school is hundreds of milliseconds of CPU, which must not hold the event loop.
 */
export async function buildSpreadsheet({ format, sheetName, header, rows }: SpreadsheetInput): Promise<Uint8Array> {
  if (format === 'csv') {
    // A byte-order mark so spreadsheet apps read the UTF-8 names (é, ’) as they are; text that a
    // spreadsheet would run as a formula (a name typed as "=HYPERLINK(…)") is kept as text.
    const cells = [header, ...rows].map((row) => row.map((cell) => asCsvText(isDate(cell) ? cell.date : cell)));
    return Buffer.from(`\uFEFF${stringify(cells)}`, 'utf8');
  }
  // exceljs is loaded on the first spreadsheet export, not when the worker starts: it is about
  // 35 MiB of resident memory, and most workers never build a spreadsheet.
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(sheetName.slice(0, 31));
  sheet.addRow(header).font = { bold: true };
  for (const row of rows) {
    const added = sheet.addRow(row.map((cell) => (isDate(cell) ? utcMidnight(cell.date) : cell)));
    row.forEach((cell, i) => {
      if (isDate(cell)) added.getCell(i + 1).numFmt = XLSX_DATE_FORMAT;
    });
  }
  sheet.columns.forEach((column) => (column.width = 18));
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  return new Uint8Array(await book.xlsx.writeBuffer());
}

const isDate = (cell: SpreadsheetCell): cell is SpreadsheetDate => typeof cell === 'object';

/**
 * The date at midnight UTC: exceljs turns a Date into a spreadsheet serial from its UTC time, so
 * the cell holds the whole day whatever the server's time zone.
 */
function utcMidnight(date: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
}

/**
 * A cell as CSV text that spreadsheet apps won't evaluate: text starting with =, +, -, @, a tab or
 * a carriage return gets a leading apostrophe (OWASP's advice on CSV injection). Numbers stay
 * numbers. XLSX cells are typed, so exceljs writes text as text and needs no such guard.
 */
export function asCsvText(cell: string | number): string | number {
  return typeof cell === 'string' && /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}
