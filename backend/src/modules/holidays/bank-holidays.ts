/**
 * England & Wales bank holidays, computed offline: New Year's Day, Good Friday, Easter Monday,
 * the early May and spring Mondays, the summer Monday, Christmas Day and Boxing Day, with
 * weekend dates moved to the following weekdays. One-off holidays proclaimed for a single year
 * (jubilees, coronations) are not predictable and are not included.
 */
export interface BankHoliday {
  date: string;
  name: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
const iso = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
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
  while (d.getUTCDay() === 0 || d.getUTCDay() === 6 || taken.has(iso(d))) d = addDays(d, 1);
  return d;
}

export function englandAndWalesBankHolidays(year: number): BankHoliday[] {
  const easter = easterSunday(year);
  const taken = new Set<string>();
  const fixed = (month: number, day: number, name: string): BankHoliday => {
    const nominal = utc(year, month, day);
    const actual = substitute(nominal, taken);
    taken.add(iso(actual));
    return { date: iso(actual), name: actual === nominal ? name : `${name} (substitute day)` };
  };
  const newYear = fixed(1, 1, "New Year's Day");
  // Christmas before Boxing Day, so Boxing Day's substitute skips a substituted Christmas.
  const christmas = fixed(12, 25, 'Christmas Day');
  const boxing = fixed(12, 26, 'Boxing Day');
  return [
    newYear,
    { date: iso(addDays(easter, -2)), name: 'Good Friday' },
    { date: iso(addDays(easter, 1)), name: 'Easter Monday' },
    { date: iso(firstMonday(year, 5)), name: 'Early May bank holiday' },
    { date: iso(lastMonday(year, 5)), name: 'Spring bank holiday' },
    { date: iso(lastMonday(year, 8)), name: 'Summer bank holiday' },
    christmas,
    boxing,
  ];
}

/** The bank holidays from 1 September of `startYear` to 31 August of the next year. */
export function bankHolidaysInAcademicYear(startYear: number): BankHoliday[] {
  const from = `${startYear}-09-01`;
  const to = `${startYear + 1}-08-31`;
  return [...englandAndWalesBankHolidays(startYear), ...englandAndWalesBankHolidays(startYear + 1)].filter(
    (h) => h.date >= from && h.date <= to,
  );
}
