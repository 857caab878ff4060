import { describeWeekdays, isoWeekdayOf, normalizeWeekdays, parseWeekdays } from './weekdays';

describe('weekdays', () => {
  it('reads the ways people write working days', () => {
    const cases: [string, number[]][] = [
      ['', [1, 2, 3, 4, 5]],
      ['All', [1, 2, 3, 4, 5]],
      ['Mon Tue Wed', [1, 2, 3]],
      ['Mon-Wed', [1, 2, 3]],
      ['mon – wed, fri', [1, 2, 3, 5]],
      ['Monday, Wednesday', [1, 3]],
      ['Monday to Wednesday', [1, 2, 3]],
      ['Tues & Thurs', [2, 4]],
      ['Thursday and Friday', [4, 5]],
      ['Wed. Fri.', [3, 5]],
      ['Mondays;Fridays', [1, 5]],
      ['1 2 3', [1, 2, 3]],
      ['Fri Mon Mon', [1, 5]],
      ['Mon-Fri', [1, 2, 3, 4, 5]],
    ];
    for (const [text, days] of cases) expect({ text, result: parseWeekdays(text) }).toEqual({ text, result: { days } });
  });

  it('says why a day can’t be read', () => {
    expect(parseWeekdays('Sat')).toEqual({ error: '"sat" is not a school day, only Monday to Friday are' });
    expect(parseWeekdays('Mon-Sun')).toEqual({ error: '"mon-sun" is not a school day, only Monday to Friday are' });
    expect(parseWeekdays('Fri-Mon')).toEqual({ error: '"fri-mon" runs backwards: write the earlier day first, e.g. Mon-Wed' });
    expect(parseWeekdays('Mon Funday')).toEqual({ error: '"funday" is not a day of the week' });
    expect(parseWeekdays('Mon--Wed')).toEqual({ error: '"mon--wed" is not a day or a range of days' });
    expect(parseWeekdays(', ;')).toEqual({ error: 'No days given' });
  });

  it('sorts and drops repeats only of real weekdays, and names them', () => {
    expect(normalizeWeekdays([5, 1, 5])).toEqual([1, 5]);
    expect(normalizeWeekdays([0, 1])).toEqual([0, 1]);
    expect(normalizeWeekdays('1,2')).toBe('1,2');
    expect(describeWeekdays([5])).toBe('Fridays');
    expect(describeWeekdays([3, 1])).toBe('Mondays and Wednesdays');
    expect(describeWeekdays([1, 2, 5])).toBe('Mondays, Tuesdays and Fridays');
    expect(describeWeekdays([1, 2, 3, 4, 5])).toBe('every weekday');
    expect(isoWeekdayOf('2025-09-08')).toBe(1);
    expect(isoWeekdayOf('2025-09-14')).toBe(7);
  });
});
