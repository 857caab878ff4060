import { bankHolidaysInAcademicYear, easterSunday, englandAndWalesBankHolidays } from './bank-holidays';

const dates = (year: number) => englandAndWalesBankHolidays(year).map((h) => h.date);

describe('England & Wales bank holidays', () => {
  // Published dates (gov.uk/bank-holidays).
  it('match 2025', () => {
    expect(dates(2025)).toEqual([
      '2025-01-01', '2025-04-18', '2025-04-21', '2025-05-05', '2025-05-26', '2025-08-25', '2025-12-25', '2025-12-26',
    ]);
  });

  it('match 2026, with Boxing Day moved from Saturday to Monday', () => {
    expect(dates(2026)).toEqual([
      '2026-01-01', '2026-04-03', '2026-04-06', '2026-05-04', '2026-05-25', '2026-08-31', '2026-12-25', '2026-12-28',
    ]);
    expect(englandAndWalesBankHolidays(2026).at(-1)?.name).toBe('Boxing Day (substitute day)');
  });

  it('match 2027, with Christmas and Boxing Day moved from the weekend to Monday and Tuesday', () => {
    expect(dates(2027)).toEqual([
      '2027-01-01', '2027-03-26', '2027-03-29', '2027-05-03', '2027-05-31', '2027-08-30', '2027-12-27', '2027-12-28',
    ]);
  });

  it('move a weekend New Year to the Monday (2028 has 1 January on a Saturday)', () => {
    expect(englandAndWalesBankHolidays(2028)[0]).toEqual({ date: '2028-01-03', name: "New Year's Day (substitute day)" });
  });

  it('find Easter Sunday', () => {
    expect([2024, 2025, 2026, 2027, 2038].map((y) => easterSunday(y).toISOString().slice(0, 10))).toEqual([
      '2024-03-31', '2025-04-20', '2026-04-05', '2027-03-28', '2038-04-25',
    ]);
  });

  it('cover an academic year from September to August', () => {
    expect(bankHolidaysInAcademicYear(2025).map((h) => h.date)).toEqual([
      '2025-12-25', '2025-12-26', '2026-01-01', '2026-04-03', '2026-04-06', '2026-05-04', '2026-05-25', '2026-08-31',
    ]);
  });
});
