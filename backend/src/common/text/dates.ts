const LONG = new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const PLAIN = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

const at = (iso: string) => new Date(`${iso}T00:00:00Z`);

/**
 * "Monday 8 September 2025" for `2025-09-08`: how server messages, emails, notifications and the
 * activity log name a day (the frontend's LONG_DATE_FORMAT). `yyyy-MM-dd` stays for the wire only.
 */
export function describeDate(iso: string): string {
  return LONG.format(at(iso)).replace(',', '');
}

/**
 * "8 September 2025 to 12 September 2025" for a span of days, whose weekdays are noise (the
 * frontend's DISPLAY_DATE_FORMAT); one day reads as `describeDate` does.
 */
export function describeDateRange(start: string, end: string): string {
  return start === end ? describeDate(start) : `${PLAIN.format(at(start))} to ${PLAIN.format(at(end))}`;
}
