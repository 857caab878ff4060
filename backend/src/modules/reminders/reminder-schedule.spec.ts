import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { dueDutyDates, reminderInstant, type ReminderRule } from './reminder-schedule';

dayjs.extend(utc);
dayjs.extend(timezone);

const LONDON: ReminderRule = { time: '08:30', hoursAdvance: 24, timeZone: 'Europe/London' };
const local = (d: Date, zone = 'Europe/London') => dayjs(d).tz(zone).format('ddd YYYY-MM-DD HH:mm');
const at = (wall: string, zone = 'Europe/London') => dayjs.tz(wall, zone).toDate();

describe('when a duty is reminded', () => {
  it('a Tuesday duty on Monday at 08:30 with 24 hours ahead', () => {
    expect(local(reminderInstant('2025-09-09', LONDON))).toBe('Mon 2025-09-08 08:30');
  });

  it('a Monday duty on the Friday before (the instant falls on Sunday)', () => {
    expect(local(reminderInstant('2025-09-15', LONDON))).toBe('Fri 2025-09-12 08:30');
  });

  it.each([
    [1, '2025-09-15', 'Mon 2025-09-15 07:30'],
    [8, '2025-09-15', 'Mon 2025-09-15 00:30'],
    [12, '2025-09-15', 'Fri 2025-09-12 08:30'],
    [48, '2025-09-16', 'Fri 2025-09-12 08:30'],
    [48, '2025-09-15', 'Fri 2025-09-12 08:30'],
    [48, '2025-09-18', 'Tue 2025-09-16 08:30'],
    [2, '2025-09-10', 'Wed 2025-09-10 06:30'],
  ])('%i hours ahead of %s: %s', (hoursAdvance, date, expected) => {
    expect(local(reminderInstant(date, { ...LONDON, hoursAdvance }))).toBe(expected);
  });

  it('counts hours on the wall clock of the organisation’s zone, across a change to summer time', () => {
    // Clocks go forward on Sunday 29 March 2026; the Tuesday duty's reminder is still Monday 08:30.
    expect(local(reminderInstant('2026-03-31', LONDON))).toBe('Mon 2026-03-30 08:30');
    expect(reminderInstant('2026-03-31', LONDON).toISOString()).toBe('2026-03-30T07:30:00.000Z');
    expect(local(reminderInstant('2025-09-09', { ...LONDON, timeZone: 'America/New_York' }), 'America/New_York')).toBe(
      'Mon 2025-09-08 08:30',
    );
  });

  it('lists the duty dates due at an instant, catching up on missed ones but not past days', () => {
    expect(dueDutyDates(at('2025-09-08T08:29'), LONDON)).toEqual(['2025-09-08']);
    expect(dueDutyDates(at('2025-09-08T08:30'), LONDON)).toEqual(['2025-09-08', '2025-09-09']);
    expect(dueDutyDates(at('2025-09-08T23:59'), LONDON)).toEqual(['2025-09-08', '2025-09-09']);
    // Friday 08:30: Friday's own duty, and Monday's (its Sunday instant moved to Friday).
    expect(dueDutyDates(at('2025-09-12T08:30'), LONDON)).toEqual(['2025-09-12', '2025-09-15']);
    expect(dueDutyDates(at('2025-09-13T10:00'), LONDON)).toEqual(['2025-09-15']);
    expect(dueDutyDates(at('2025-09-12T08:30'), { ...LONDON, hoursAdvance: 48 })).toEqual(['2025-09-12', '2025-09-15', '2025-09-16']);
  });
});
