import { describe, expect, it } from 'vitest';

import { dutyTimes, dutyTitle } from '@/shared/lib/duty-labels';

import { dutyViewOf } from './duty-view';

describe('duty views', () => {
  it('reads the view from the address: every duty only when it says all', () => {
    expect(dutyViewOf('all')).toBe('all');
    expect(dutyViewOf(null)).toBe('duty-manager');
    expect(dutyViewOf('ALL')).toBe('duty-manager');
    expect(dutyViewOf('d-2')).toBe('duty-manager');
  });

  it('names a duty with its place, and its times or all day', () => {
    expect(dutyTitle({ name: 'Lunch', place: 'Canteen' })).toBe('Lunch — Canteen');
    expect(dutyTitle({ name: 'Duty Manager', place: null })).toBe('Duty Manager');
    // A template's name may say its place already.
    expect(dutyTitle({ name: 'Lunch — Hall', place: 'Hall' })).toBe('Lunch — Hall');
    expect(dutyTimes({ startTime: '12:30', endTime: '13:10' })).toBe('12:30–13:10');
    expect(dutyTimes({ startTime: null, endTime: null })).toBe('All day');
  });
});
