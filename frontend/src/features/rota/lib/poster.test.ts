import { describe, expect, it } from 'vitest';

import type { TermDto } from '@/features/holidays/api';
import { rotaDay } from '@/testing/fixtures';

import { halfTermOf, posterWeeks, rotaAddress, weeksFrom } from './poster';
import { daysByDate } from './rota-calendar';

const autumn: TermDto = {
  name: 'autumn',
  startDate: '2025-09-03',
  endDate: '2025-12-19',
  halfTermStart: '2025-10-27',
  halfTermEnd: '2025-10-31',
};
const spring: TermDto = {
  name: 'spring',
  startDate: '2026-01-05',
  endDate: '2026-03-27',
  halfTermStart: null,
  halfTermEnd: null,
};

describe('rotaAddress', () => {
  it('leads to the Weekly Rota showing the duty, at the page’s origin', () => {
    expect(rotaAddress('https://hillside.example.org', { id: 'd-2', isDutyManager: false })).toBe(
      'https://hillside.example.org/rota?duty=d-2',
    );
    // The Duty Manager duty's rota is the Weekly Rota as it opens.
    expect(rotaAddress('http://localhost:5173', { id: 'd-dm', isDutyManager: true })).toBe(
      'http://localhost:5173/rota',
    );
  });
});

describe('halfTermOf', () => {
  it('is the half of the term today is in, split at the half-term break', () => {
    expect(halfTermOf([spring, autumn], '2025-09-08')).toEqual({
      label: 'Autumn term, first half',
      startDate: '2025-09-03',
      endDate: '2025-10-24',
    });
    expect(halfTermOf([autumn, spring], '2025-11-03')).toEqual({
      label: 'Autumn term, second half',
      startDate: '2025-11-03',
      endDate: '2025-12-19',
    });
  });

  it('is the next half in a break, the whole term without a half term, and none after the terms', () => {
    expect(halfTermOf([autumn, spring], '2025-10-29')?.label).toBe('Autumn term, second half');
    expect(halfTermOf([autumn, spring], '2025-08-30')?.label).toBe('Autumn term, first half');
    expect(halfTermOf([autumn, spring], '2025-12-22')).toEqual({
      label: 'Spring term',
      startDate: '2026-01-05',
      endDate: '2026-03-27',
    });
    expect(halfTermOf([autumn, spring], '2026-04-01')).toBeUndefined();
    expect(halfTermOf([], '2025-09-08')).toBeUndefined();
  });
});

describe('weeksFrom', () => {
  it('is six weeks from this week’s Monday, saying there are no term dates', () => {
    expect(weeksFrom('2025-09-10')).toEqual({
      label: 'The next 6 weeks (no term dates yet)',
      startDate: '2025-09-08',
      endDate: '2025-10-17',
    });
  });
});

describe('posterWeeks', () => {
  it('lays the period out by week and weekday: the people, the closed days, the days it doesn’t run', () => {
    const duty = { weekdays: [1, 2, 3, 4].map((weekday) => ({ weekday, people: 2 })) };
    const weeks = posterWeeks(
      { label: 'Autumn term, first half', startDate: '2025-09-03', endDate: '2025-09-12' },
      duty,
      daysByDate([
        rotaDay('2025-09-03', [{ id: 's-1', name: 'Alice Smith' }, null]),
        rotaDay('2025-09-08', [
          { id: 's-3', name: 'Cat Rowe' },
          { id: 's-2', name: 'Bob Jones' },
        ]),
      ]),
      [
        {
          kind: 'holiday',
          label: 'Training day, INSET Day',
          startDate: '2025-09-10',
          endDate: '2025-09-10',
        },
      ],
    );
    expect(weeks.map((week) => week.monday)).toEqual(['2025-09-01', '2025-09-08']);
    const [first, second] = weeks;
    expect(first!.days.map((day) => day.outside)).toEqual([true, true, false, false, false]);
    expect(first!.days[2]!.names).toEqual(['Alice Smith']);
    expect(first!.days[3]!.names).toEqual([]);
    expect(second!.days[0]!.names).toEqual(['Cat Rowe', 'Bob Jones']);
    expect(second!.days[2]!.closed).toBe('Training day, INSET Day');
    expect(second!.days[4]!.notRunning).toBe(true);
  });
});
