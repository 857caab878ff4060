import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { dueDutyDates, dutyStartInstant, reminderInstant, startReminderDates, startReminderDue, type ReminderRule } from './reminder-schedule';

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
    expect(local(reminderInstant('2025-09-09', { ...LONDON, timeZone: 'America/New_York' }), 'America/New_York')).toBe('Mon 2025-09-08 08:30');
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

describe('when the reminder before a timed duty starts is due', () => {
  const lunch = { date: '2025-09-09', startTime: '12:30' };
  const due = (wall: string, minutes = 15, duty = lunch, zone = 'Europe/London') => startReminderDue(at(wall, zone), duty, minutes, zone);

  it('from the minutes before its start until it starts, and not once it has started', () => {
    expect(due('2025-09-09T12:14')).toBe(false);
    expect(due('2025-09-09T12:15')).toBe(true);
    // A missed pass catches up while the duty is still to start.
    expect(due('2025-09-09T12:29')).toBe(true);
    expect(due('2025-09-09T12:30')).toBe(false);
    expect(due('2025-09-09T12:45')).toBe(false);
    expect(due('2025-09-09T11:30', 60)).toBe(true);
    expect(due('2025-09-09T11:29', 60)).toBe(false);
    expect(due('2025-09-09T12:00', 30)).toBe(true);
    // The same wall time on another day is not this duty's.
    expect(due('2025-09-08T12:20')).toBe(false);
  });

  it('in the organisation’s zone: 12:30 in London is 11:30 UTC in summer and 12:30 UTC in winter', () => {
    expect(dutyStartInstant(lunch, 'Europe/London').toISOString()).toBe('2025-09-09T11:30:00.000Z');
    expect(dutyStartInstant({ date: '2025-12-09', startTime: '12:30' }, 'Europe/London').toISOString()).toBe('2025-12-09T12:30:00.000Z');
    expect(dutyStartInstant(lunch, 'America/New_York').toISOString()).toBe('2025-09-09T16:30:00.000Z');
    // At 11:20 UTC a London duty at 12:30 (11:30 UTC) is due; a New York one at 12:30 (16:30 UTC) is not.
    const now = new Date('2025-09-09T11:20:00Z');
    expect(startReminderDue(now, lunch, 15, 'Europe/London')).toBe(true);
    expect(startReminderDue(now, lunch, 15, 'America/New_York')).toBe(false);
  });

  it('across the clocks changing: the Monday after, the wall time holds', () => {
    // British Summer Time ends on Sunday 26 October 2025: Monday's 08:20 gate duty is 08:20 GMT.
    const gate = { date: '2025-10-27', startTime: '08:20' };
    expect(dutyStartInstant(gate, 'Europe/London').toISOString()).toBe('2025-10-27T08:20:00.000Z');
    expect(startReminderDue(new Date('2025-10-27T08:05:00Z'), gate, 15, 'Europe/London')).toBe(true);
    expect(startReminderDue(new Date('2025-10-27T07:05:00Z'), gate, 15, 'Europe/London')).toBe(false);
    // It begins again on Sunday 29 March 2026: Monday's 08:20 is 07:20 UTC.
    const spring = { date: '2026-03-30', startTime: '08:20' };
    expect(dutyStartInstant(spring, 'Europe/London').toISOString()).toBe('2026-03-30T07:20:00.000Z');
    expect(startReminderDue(new Date('2026-03-30T07:05:00Z'), spring, 15, 'Europe/London')).toBe(true);
  });

  it('looks at today and tomorrow in the zone, which may not be UTC’s', () => {
    expect(startReminderDates(new Date('2025-09-09T23:30:00Z'), 'Europe/London')).toEqual(['2025-09-10', '2025-09-11']);
    expect(startReminderDates(new Date('2025-09-09T23:30:00Z'), 'America/New_York')).toEqual(['2025-09-09', '2025-09-10']);
    // An hour's reminder of a duty at 00:15 goes out the evening before.
    expect(startReminderDue(at('2025-09-09T23:20'), { date: '2025-09-10', startTime: '00:15' }, 60, 'Europe/London')).toBe(true);
  });
});
