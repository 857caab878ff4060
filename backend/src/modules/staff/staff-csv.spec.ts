import { BadRequestException } from '@nestjs/common';
import { parseStaffCsv } from './staff-csv';

const csv = (text: string) => Buffer.from(text, 'utf8');

describe('parseStaffCsv', () => {
  it('reads columns in any order and case, with quoted fields and a BOM', () => {
    const rows = parseStaffCsv(csv('\uFEFFEmail,Name,Teaching,Department\r\nann@x.org,"Lee, Ann",no,"Science"\r\nbob@x.org,Bob Ray,,\r\n'));
    expect(rows).toEqual([
      { line: 2, name: 'Lee, Ann', email: 'ann@x.org', department: 'Science', isTeaching: false, errors: [] },
      { line: 3, name: 'Bob Ray', email: 'bob@x.org', department: null, isTeaching: true, errors: [] },
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

  it('refuses a file without name and email columns', () => {
    expect(() => parseStaffCsv(csv('first,last\nAnn,Lee\n'))).toThrow(BadRequestException);
  });

  it('refuses a header with no rows', () => {
    expect(() => parseStaffCsv(csv('name,email\n'))).toThrow('no staff rows');
  });
});
