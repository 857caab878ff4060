import { type Region, REGIONS } from '../tenants/entities/organization.entity';

/**
 * The bank holidays of England & Wales, Scotland and Northern Ireland, computed offline (see
 * `bankHolidays` for each region's list), with weekend dates moved to the following weekdays.
 * One-off holidays proclaimed for a single year (jubilees, coronations) are not predictable and
 * are not included.
 */
export interface BankHoliday {
  date: string;
  name: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
const toIsoDate = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
const utc = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d));
const addDays = (d: Date, n: number) => new Date(d.getTime() + n * 86_400_000);

/** Easter Sunday (Gregorian), by the anonymous Gregorian algorithm (Meeus/Jones/Butcher). */
export function easterSunday(year: number): Date {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return utc(year, month, day);
}

function firstMonday(year: number, month: number): Date {
  const first = utc(year, month, 1);
  return addDays(first, (8 - first.getUTCDay()) % 7);
}

function lastMonday(year: number, month: number): Date {
  const last = utc(year, month + 1, 0);
  return addDays(last, -((last.getUTCDay() + 6) % 7));
}

/** A fixed date that falls on a weekend moves to the next weekday not already taken. */
function substitute(date: Date, taken: Set<string>): Date {
  let d = date;
  while (d.getUTCDay() === 0 || d.getUTCDay() === 6 || taken.has(toIsoDate(d))) d = addDays(d, 1);
  return d;
}

/** The regions are the organisation's (`Organization.region`), listed once in the tenants module. */
export const BANK_HOLIDAY_REGIONS = REGIONS;
export type BankHolidayRegion = Region;

export const BANK_HOLIDAY_REGION_LABELS: Record<BankHolidayRegion, string> = {
  england_wales: 'England & Wales',
  scotland: 'Scotland',
  northern_ireland: 'Northern Ireland',
};

/**
 * The bank holidays of one calendar year in a region of the UK (gov.uk/bank-holidays):
 * - every region: New Year's Day, Good Friday, the early May and spring Mondays, Christmas Day
 *   and Boxing Day;
 * - England & Wales and Northern Ireland: Easter Monday and the summer Monday (last in August);
 * - Northern Ireland: St Patrick's Day (17 March) and the Battle of the Boyne (12 July);
 * - Scotland: 2 January, the summer Monday (first in August) and St Andrew's Day (30 November).
 * A fixed date on a weekend moves to the next weekday no other holiday of the year has taken,
 * so two weekend holidays in a row (Christmas and Boxing Day, 1 and 2 January) become the
 * Monday and Tuesday.
 */
export function bankHolidays(region: BankHolidayRegion, year: number): BankHoliday[] {
  const easter = easterSunday(year);
  const taken = new Set<string>();
  const fixed = (month: number, day: number, name: string): BankHoliday => {
    const nominal = utc(year, month, day);
    const actual = substitute(nominal, taken);
    taken.add(toIsoDate(actual));
    return { date: toIsoDate(actual), name: actual === nominal ? name : `${name} (substitute day)` };
  };
  const moving = (date: Date, name: string): BankHoliday => {
    taken.add(toIsoDate(date));
    return { date: toIsoDate(date), name };
  };
  const scotland = region === 'scotland';
  // Fixed dates in the year's order, so each substitute skips the ones before it.
  const list: BankHoliday[] = [fixed(1, 1, "New Year's Day")];
  if (scotland) list.push(fixed(1, 2, '2nd January'));
  if (region === 'northern_ireland') list.push(fixed(3, 17, "St Patrick's Day"));
  list.push(moving(addDays(easter, -2), 'Good Friday'));
  if (!scotland) list.push(moving(addDays(easter, 1), 'Easter Monday'));
  list.push(moving(firstMonday(year, 5), 'Early May bank holiday'), moving(lastMonday(year, 5), 'Spring bank holiday'));
  if (region === 'northern_ireland') list.push(fixed(7, 12, 'Battle of the Boyne (Orangemen\'s Day)'));
  list.push(scotland ? moving(firstMonday(year, 8), 'Summer bank holiday') : moving(lastMonday(year, 8), 'Summer bank holiday'));
  if (scotland) list.push(fixed(11, 30, "St Andrew's Day"));
  // Christmas before Boxing Day, so Boxing Day's substitute skips a substituted Christmas.
  list.push(fixed(12, 25, 'Christmas Day'), fixed(12, 26, 'Boxing Day'));
  return list.sort((a, b) => a.date.localeCompare(b.date));
}

export function englandAndWalesBankHolidays(year: number): BankHoliday[] {
  return bankHolidays('england_wales', year);
}

/** The region's bank holidays from 1 September of `startYear` to 31 August of the next year. */
export function bankHolidaysInAcademicYear(startYear: number, region: BankHolidayRegion = 'england_wales'): BankHoliday[] {
  const from = `${startYear}-09-01`;
  const to = `${startYear + 1}-08-31`;
  return [...bankHolidays(region, startYear), ...bankHolidays(region, startYear + 1)].filter((h) => h.date >= from && h.date <= to);
}
