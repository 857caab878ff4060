const LONG = new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** "Monday 8 September 2025" for `2025-09-08`: how server messages and emails name a day. */
export function describeDate(iso: string): string {
  return LONG.format(new Date(`${iso}T00:00:00Z`)).replace(',', '');
}
