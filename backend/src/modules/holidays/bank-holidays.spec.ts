import { bankHolidays, bankHolidaysInAcademicYear, easterSunday, englandAndWalesBankHolidays } from './bank-holidays';

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

describe('Scotland bank holidays', () => {
  const scotland = (year: number) => bankHolidays('scotland', year).map((h) => `${h.date} ${h.name}`);

  it('match 2025: 2 January, no Easter Monday, the first Monday of August, St Andrew\'s Day moved from Sunday', () => {
    expect(scotland(2025)).toEqual([
      "2025-01-01 New Year's Day",
      '2025-01-02 2nd January',
      '2025-04-18 Good Friday',
      '2025-05-05 Early May bank holiday',
      '2025-05-26 Spring bank holiday',
      '2025-08-04 Summer bank holiday',
      "2025-12-01 St Andrew's Day (substitute day)",
      '2025-12-25 Christmas Day',
      '2025-12-26 Boxing Day',
    ]);
  });

  it('move a weekend 1 and 2 January to the Monday and Tuesday (2022), and a Sunday New Year past the 2nd (2023)', () => {
    expect(scotland(2022).slice(0, 2)).toEqual(["2022-01-03 New Year's Day (substitute day)", '2022-01-04 2nd January (substitute day)']);
    expect(scotland(2023).slice(0, 2)).toEqual(["2023-01-02 New Year's Day (substitute day)", '2023-01-03 2nd January (substitute day)']);
  });

  it('match 2027, with 2 January moved from Saturday to Monday', () => {
    expect(bankHolidays('scotland', 2027).map((h) => h.date)).toEqual([
      '2027-01-01', '2027-01-04', '2027-03-26', '2027-05-03', '2027-05-31', '2027-08-02', '2027-11-30', '2027-12-27', '2027-12-28',
    ]);
  });
});

describe('Northern Ireland bank holidays', () => {
  it('match 2025, with the Battle of the Boyne moved from Saturday to Monday', () => {
    expect(bankHolidays('northern_ireland', 2025).map((h) => `${h.date} ${h.name}`)).toEqual([
      "2025-01-01 New Year's Day",
      "2025-03-17 St Patrick's Day",
      '2025-04-18 Good Friday',
      '2025-04-21 Easter Monday',
      '2025-05-05 Early May bank holiday',
      '2025-05-26 Spring bank holiday',
      "2025-07-14 Battle of the Boyne (Orangemen's Day) (substitute day)",
      '2025-08-25 Summer bank holiday',
      '2025-12-25 Christmas Day',
      '2025-12-26 Boxing Day',
    ]);
  });

  it("move a Sunday St Patrick's Day to the Monday (2024)", () => {
    expect(bankHolidays('northern_ireland', 2024).find((h) => h.name.startsWith('St Patrick'))?.date).toBe('2024-03-18');
  });

  it('cover an academic year from September to August', () => {
    expect(bankHolidaysInAcademicYear(2025, 'northern_ireland').map((h) => h.date)).toEqual([
      '2025-12-25', '2025-12-26', '2026-01-01', '2026-03-17', '2026-04-03', '2026-04-06', '2026-05-04', '2026-05-25', '2026-07-13', '2026-08-31',
    ]);
  });
});
