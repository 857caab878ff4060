import { describe, expect, it } from 'vitest';

import { rotaDay } from '@/testing/fixtures';

import {
  addMonths,
  addWeeks,
  assignmentBody,
  holidayOn,
  holidayTypeLabel,
  isAssigned,
  monthOptions,
  monthRange,
  monthWeeks,
  pastWeekNumbers,
  slotAccessibleName,
  weekDates,
} from './rota-calendar';

const alice = { id: 's-1', name: 'Alice Smith' };
const bob = { id: 's-2', name: 'Bob Jones' };

describe('monthWeeks', () => {
  it('groups September 2025 into five numbered weeks of weekdays', () => {
    const weeks = monthWeeks('2025-09');
    expect(weeks.map((week) => week.number)).toEqual([1, 2, 3, 4, 5]);
    expect(weeks.map((week) => week.rangeLabel)).toEqual([
      '1 Sep – 5 Sep',
      '8 Sep – 12 Sep',
      '15 Sep – 19 Sep',
      '22 Sep – 26 Sep',
      '29 Sep – 30 Sep',
    ]);
    expect(weeks[0]?.days).toEqual([
      '2025-09-01',
      '2025-09-02',
      '2025-09-03',
      '2025-09-04',
      '2025-09-05',
    ]);
    expect(weeks[4]?.days).toEqual(['2025-09-29', '2025-09-30', null, null, null]);
  });

  it('leaves out days of other months and weeks without a weekday in the month', () => {
    // 1 November 2025 is a Saturday: the first week starts on Monday the 3rd.
    const november = monthWeeks('2025-11');
    expect(november[0]?.days[0]).toBe('2025-11-03');
    expect(november[0]?.rangeLabel).toBe('3 Nov – 7 Nov');
    expect(november.flatMap((week) => week.days).filter(Boolean)).toHaveLength(20);

    // 1 October 2025 is a Wednesday.
    expect(monthWeeks('2025-10')[0]?.days).toEqual([
      null,
      null,
      '2025-10-01',
      '2025-10-02',
      '2025-10-03',
    ]);
    // 31 October 2025 is a Friday: the last week is complete.
    expect(monthWeeks('2025-10').at(-1)?.rangeLabel).toBe('27 Oct – 31 Oct');
  });

  it('labels a week with a single weekday in the month with that day', () => {
    // 31 August 2026 is a Monday.
    expect(monthWeeks('2026-08').at(-1)?.rangeLabel).toBe('31 Aug');
  });

  it('knows which weeks are past: every one of their days in the month is before today', () => {
    const september = monthWeeks('2025-09');
    // Monday of week 2: week 1 is past, week 2 is this week.
    expect(pastWeekNumbers(september, '2025-09-08')).toEqual([1]);
    // Friday of week 2: still this week.
    expect(pastWeekNumbers(september, '2025-09-12')).toEqual([1]);
    // The weekend after it: week 2 has gone too.
    expect(pastWeekNumbers(september, '2025-09-13')).toEqual([1, 2]);
    expect(pastWeekNumbers(september, '2025-09-01')).toEqual([]);
  });

  it('has no weeks for an invalid month', () => {
    expect(monthWeeks('2025-13')).toEqual([]);
  });
});

describe('month navigation', () => {
  it('offers January of the current year to December of next year', () => {
    const options = monthOptions('2025-09-08');
    expect(options).toHaveLength(24);
    expect(options[0]).toEqual({ value: '2025-01', label: 'January 2025' });
    expect(options.at(-1)).toEqual({ value: '2026-12', label: 'December 2026' });
  });

  it('adds a month outside that range when it is on screen', () => {
    const options = monthOptions('2025-09-08', '2024-12');
    expect(options).toHaveLength(25);
    expect(options[0]).toEqual({ value: '2024-12', label: 'December 2024' });
  });

  it('steps months and gives their first and last day', () => {
    expect(addMonths('2025-01', -1)).toBe('2024-12');
    expect(addMonths('2025-12', 1)).toBe('2026-01');
    expect(monthRange('2026-02')).toEqual({ startDate: '2026-02-01', endDate: '2026-02-28' });
  });

  it('steps weeks Monday to Monday', () => {
    expect(addWeeks('2025-09-08', -1)).toBe('2025-09-01');
    expect(weekDates('2025-09-29')).toEqual([
      '2025-09-29',
      '2025-09-30',
      '2025-10-01',
      '2025-10-02',
      '2025-10-03',
    ]);
  });
});

describe('slots', () => {
  it('knows whether anyone is on duty', () => {
    expect(isAssigned(undefined)).toBe(false);
    expect(isAssigned(rotaDay('2025-09-08', [null, null]))).toBe(false);
    expect(isAssigned(rotaDay('2025-09-08', [null, bob]))).toBe(true);
  });

  it('names slot buttons by slot, day and person', () => {
    expect(slotAccessibleName(2, '2025-09-08', 'Click to assign')).toBe(
      'Duty Manager 2, Mon 8 Sep 2025: Click to assign',
    );
  });
});

describe('assignmentBody', () => {
  it('puts the chosen person into the clicked slot of a day with no record', () => {
    expect(assignmentBody(undefined, 1, 's-9', 2)).toEqual({
      dutyManager1Id: 's-9',
      dutyManager2Id: null,
      slots: ['s-9', null],
    });
    expect(assignmentBody(undefined, 2, 's-9', 2)).toEqual({
      dutyManager1Id: null,
      dutyManager2Id: 's-9',
      slots: [null, 's-9'],
    });
    expect(assignmentBody(undefined, 1, 's-9', 1)).toEqual({
      dutyManager1Id: 's-9',
      dutyManager2Id: null,
      slots: ['s-9'],
    });
  });

  it('keeps the people already on the day', () => {
    expect(assignmentBody(rotaDay('2025-09-08', [alice, null, null]), 3, 's-9', 3)).toEqual({
      dutyManager1Id: 's-1',
      dutyManager2Id: null,
      slots: ['s-1', null, 's-9'],
    });
  });
});

describe('holidays', () => {
  const halfTerm = { startDate: '2025-10-27', endDate: '2025-10-31', name: 'Half term' };

  it('finds the holiday covering a day, ends included', () => {
    expect(holidayOn('2025-10-27', [halfTerm])).toBe(halfTerm);
    expect(holidayOn('2025-10-31', [halfTerm])).toBe(halfTerm);
    expect(holidayOn('2025-11-03', [halfTerm])).toBeUndefined();
  });

  it('reads the type with underscores replaced by spaces', () => {
    expect(holidayTypeLabel('bank_holiday')).toBe('bank holiday');
  });
});
