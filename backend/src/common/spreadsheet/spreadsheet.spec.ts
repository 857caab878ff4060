import ExcelJS from 'exceljs';
import { buildSpreadsheet } from './spreadsheet';

/** The first sheet of an XLSX file's bytes, as a spreadsheet app reads it. */
async function firstSheet(bytes: Uint8Array): Promise<ExcelJS.Worksheet> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  return book.worksheets[0]!;
}

describe('buildSpreadsheet', () => {
  it('writes a date as a date cell in XLSX, shown the UK way, so it sorts and filters as a date', async () => {
    const bytes = await buildSpreadsheet({
      format: 'xlsx',
      sheetName: 'Duty rota',
      header: ['Date', 'Day'],
      rows: [[{ date: '2025-12-01' }, 'Monday']],
    });
    const cell = (await firstSheet(bytes)).getRow(2).getCell(1);
    expect(cell.type).toBe(ExcelJS.ValueType.Date);
    expect((cell.value as Date).toISOString()).toBe('2025-12-01T00:00:00.000Z');
    expect(cell.numFmt).toBe('d mmm yyyy');
  });

  it('writes a date as yyyy-MM-dd in CSV, which spreadsheet apps read as a date', async () => {
    const bytes = await buildSpreadsheet({ format: 'csv', sheetName: 'x', header: ['Date'], rows: [[{ date: '2025-12-01' }]] });
    expect(Buffer.from(bytes).toString('utf8')).toBe('\uFEFFDate\n2025-12-01\n');
  });
});
