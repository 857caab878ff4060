import dayjs from 'dayjs';
import { calendarDate, FixedClock, parsePinnedNow, SystemClock } from './clock';

describe('Clock', () => {
  it('reads a pinned wall time in the given zone (London is on BST in September)', () => {
    expect(parsePinnedNow('2025-09-08T09:00', 'Europe/London').toISOString()).toBe('2025-09-08T08:00:00.000Z');
  });

  it('reads a pinned wall time in winter as GMT', () => {
    expect(parsePinnedNow('2025-12-01T09:00', 'Europe/London').toISOString()).toBe('2025-12-01T09:00:00.000Z');
  });

  it('takes an explicit offset as it is', () => {
    expect(parsePinnedNow('2025-09-08T09:00Z', 'Europe/London').toISOString()).toBe('2025-09-08T09:00:00.000Z');
    expect(parsePinnedNow('2025-09-08T09:00+02:00', 'Europe/London').toISOString()).toBe('2025-09-08T07:00:00.000Z');
  });

  it('takes a bare date as midnight in the zone', () => {
    expect(parsePinnedNow('2025-09-08', 'Europe/London').toISOString()).toBe('2025-09-07T23:00:00.000Z');
  });

  it('says which day it is in each organisation’s zone', () => {
    const clock = new FixedClock(new Date('2025-09-07T23:30:00Z'));
    expect(clock.today('Europe/London')).toBe('2025-09-08');
    expect(clock.today('UTC')).toBe('2025-09-07');
    expect(clock.today('America/New_York')).toBe('2025-09-07');
  });

  it('reads the same calendar date as dayjs.tz did, across zones, DST changes and midnights', () => {
    const zones = ['Europe/London', 'UTC', 'America/New_York', 'Pacific/Kiritimati', 'Pacific/Pago_Pago', 'Australia/Lord_Howe', 'Asia/Kolkata'];
    // Every 251 minutes (walking through the hours of the day) from 2025 into 2026: both DST changes in each hemisphere.
    for (let t = Date.UTC(2025, 0, 1); t < Date.UTC(2026, 1, 1); t += 251 * 60_000) {
      for (const zone of zones) {
        expect(calendarDate(new Date(t), zone)).toBe(dayjs(t).tz(zone).format('YYYY-MM-DD'));
      }
    }
    expect(calendarDate(new Date('0999-03-04T12:00:00Z'), 'UTC')).toBe('0999-03-04');
  });

  it("changes the date at the zone's midnight to the millisecond, though it keeps the date of the last second it read", () => {
    // The midnight that begins 6 October 2025 in London (BST, +1) and in Kathmandu (+5:45).
    const midnights: [string, string, string, string][] = [
      ['Europe/London', '2025-10-05T23:00:00.000Z', '2025-10-05', '2025-10-06'],
      ['Asia/Kathmandu', '2025-10-05T18:15:00.000Z', '2025-10-05', '2025-10-06'],
    ];
    for (const [zone, midnight, before, after] of midnights) {
      const at = new Date(midnight).getTime();
      expect([at - 1, at - 1000, at - 1, at, at + 999, at, at - 1].map((t) => calendarDate(new Date(t), zone))).toEqual([
        before,
        before,
        before,
        after,
        after,
        after,
        before,
      ]);
    }
  });

  it('refuses an unknown time zone', () => {
    expect(() => new FixedClock(new Date()).today('Mars/Olympus_Mons')).toThrow(RangeError);
  });

  it('a fixed clock answers the same instant until moved', () => {
    const clock = new FixedClock(new Date('2025-09-08T08:00:00Z'));
    expect(clock.now().toISOString()).toBe('2025-09-08T08:00:00.000Z');
    clock.set(new Date('2025-09-09T08:00:00Z'));
    expect(clock.today('Europe/London')).toBe('2025-09-09');
  });

  it('the system clock follows real time', () => {
    const before = Date.now();
    const now = new SystemClock().now().getTime();
    expect(now).toBeGreaterThanOrEqual(before);
    expect(now).toBeLessThanOrEqual(Date.now());
  });
});
