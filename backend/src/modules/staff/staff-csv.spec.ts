import { LOOK_ALIKE_EMAIL } from '../../common/validation/email-address';
import { parseFte, readStaffCsv } from './staff-csv';

const csv = (text: string) => Buffer.from(text, 'utf8');

/** The rows of a CSV that can be read as a whole. */
function parseStaffCsv(content: Buffer) {
  const read = readStaffCsv(content);
  if ('error' in read) throw new Error(`unexpected: ${read.error}`);
  return read.rows;
}

describe('readStaffCsv', () => {
  it('reads columns in any order and case, with quoted fields and a BOM', () => {
    const rows = parseStaffCsv(csv('\uFEFFEmail,Name,Teaching,Department\r\nann@x.org,"Lee, Ann",no,"Science"\r\nbob@x.org,Bob Ray,,\r\n'));
    expect(rows).toEqual([
      { line: 2, name: 'Lee, Ann', email: 'ann@x.org', department: 'Science', isTeaching: false, workingDays: [1, 2, 3, 4, 5], fte: null, errors: [] },
      { line: 3, name: 'Bob Ray', email: 'bob@x.org', department: null, isTeaching: true, workingDays: [1, 2, 3, 4, 5], fte: null, errors: [] },
    ]);
  });

  it('reports each row’s problems with its line number', () => {
    const rows = parseStaffCsv(csv('name,email,teaching\n,not-an-email,maybe\nAnn,ANN@x.org,yes\nAnn Again,ann@x.org,no\n'));
    expect(rows.map((r) => [r.line, r.errors])).toEqual([
      [2, ['Name is required', '"not-an-email" is not a valid email address', 'Teaching must be yes or no (got "maybe")']],
      [3, []],
      [4, ['Duplicate of line 3 in this file']],
    ]);
  });

  it('refuses a name or department holding a line break, a tab or another control character (a quoted cell may), and trims one at either end', () => {
    const rows = parseStaffCsv(
      csv('name,email,department\n"Ann\nLee",ann@x.org,Science\n"Bob\r\nBcc: x@y.org",bob@x.org,\nCal,cal@x.org,"Sci\tence"\nDee,dee@x.org,"Art\u0085"\n"Eve\n",eve@x.org,"\nMusic"\n'),
    );
    const name = 'Name must be on one line: it holds a line break, a tab or another control character';
    const department = 'Department must be on one line: it holds a line break, a tab or another control character';
    expect(rows.map((r) => r.errors)).toEqual([[name], [name], [department], [department], []]);
    expect(rows[4]).toMatchObject({ name: 'Eve', department: 'Music' });
  });

  it('reads the optional working days and FTE columns; blank is every weekday and no FTE', () => {
    const rows = parseStaffCsv(
      csv('Name,Email,Working Days,FTE\nAnn,ann@x.org,Mon Tue Wed,0.6\nBob,bob@x.org,Mon-Wed,\nCal,cal@x.org,"Monday, Wednesday",40%\nDee,dee@x.org,,1\n'),
    );
    expect(rows.map((r) => [r.workingDays, r.fte, r.errors])).toEqual([
      [[1, 2, 3], 0.6, []],
      [[1, 2, 3], null, []],
      [[1, 3], 0.4, []],
      [[1, 2, 3, 4, 5], 1, []],
    ]);
    // working_days and working-days are the same column.
    expect(parseStaffCsv(csv('name,email,working_days\nEve,eve@x.org,Fri\n'))[0]!.workingDays).toEqual([5]);
  });

  it('reports working days and FTE it can’t read, with the row’s other errors', () => {
    const rows = parseStaffCsv(csv('name,email,working days,fte\nAnn,ann@x.org,Sat,1.5\nBob,bob@x.org,Fri-Mon,0.333\n'));
    expect(rows.map((r) => r.errors)).toEqual([
      [
        'Working days: "sat" is not a school day, only Monday to Friday are (write them like "Mon Tue Wed" or "Mon-Wed"; blank is every weekday)',
        'FTE must be a number from 0.05 to 1 with at most two decimals, e.g. 0.6 or 60% (got "1.5")',
      ],
      [
        'Working days: "fri-mon" runs backwards: write the earlier day first, e.g. Mon-Wed (write them like "Mon Tue Wed" or "Mon-Wed"; blank is every weekday)',
        'FTE must be a number from 0.05 to 1 with at most two decimals, e.g. 0.6 or 60% (got "0.333")',
      ],
    ]);
  });

  it('reads an FTE as a fraction or a percentage', () => {
    expect([' .5 ', '1', '0.05', '75%', '0.04', '0', 'half', '-0.5'].map(parseFte)).toEqual([
      { fte: 0.5 },
      { fte: 1 },
      { fte: 0.05 },
      { fte: 0.75 },
      { error: expect.stringContaining('(got "0.04")') },
      { error: expect.stringContaining('(got "0")') },
      { error: expect.stringContaining('(got "half")') },
      { error: expect.stringContaining('(got "-0.5")') },
    ]);
  });

  it('refuses an FTE or working days just outside their range on the row, never reading them as the nearest allowed value', () => {
    expect(['2.5', '1.01', '101%', '0.049', '1e0', '0,6'].map(parseFte)).toEqual(
      ['2.5', '1.01', '101%', '0.049', '1e0', '0,6'].map((raw) => ({ error: expect.stringContaining(`(got "${raw}")`) })),
    );
    const rows = parseStaffCsv(csv('name,email,working days,fte\nAnn,ann@x.org,Mon-Sat,\nBob,bob@x.org,6,\nCat,cat@x.org,0 1,\nDee,dee@x.org,1 2,0.4\n'));
    expect(rows.map((r) => [r.errors.length, r.workingDays, r.fte])).toEqual([
      [1, [1, 2, 3, 4, 5], null],
      [1, [1, 2, 3, 4, 5], null],
      [1, [1, 2, 3, 4, 5], null],
      [0, [1, 2], 0.4],
    ]);
    expect(rows[0]!.errors[0]).toMatch(/^Working days: "mon-sat" is not a school day/);
  });

  it('reads addresses as the app does everywhere: full-width letters are plain, look-alike characters are refused', () => {
    const rows = parseStaffCsv(csv('name,email\nWide,\uff41nn@x.org\nCyril,\u0430nn@x.org\n'));
    expect(rows.map((r) => [r.email, r.errors])).toEqual([
      ['ann@x.org', []],
      ['\u0430nn@x.org', [LOOK_ALIKE_EMAIL]],
    ]);
  });

  it('refuses a file without name and email columns', () => {
    expect(readStaffCsv(csv('first,last\nAnn,Lee\n'))).toEqual({ error: expect.stringContaining('needs a header row with at least the columns name and email') });
  });

  it('refuses a header with no rows', () => {
    expect(readStaffCsv(csv('name,email\n'))).toEqual({ error: 'The CSV has a header row but no staff rows.' });
  });
});
