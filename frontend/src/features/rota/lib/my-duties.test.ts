import { describe, expect, it } from 'vitest';

import type { MyDutyDto } from '../api';
import { myDutiesByDate, myDutiesRange } from './my-duties';

function mine(
  date: string,
  name: string,
  startTime: string | null,
  endTime: string | null,
): MyDutyDto {
  return {
    date,
    dutyId: `d-${name}`,
    isDutyManager: name === 'Duty Manager',
    name,
    place: null,
    startTime,
    endTime,
    description: null,
    position: 1,
  };
}

describe('myDutiesByDate', () => {
  it('groups by date, each day in time order with the all-day duties first', () => {
    const byDate = myDutiesByDate([
      mine('2025-09-08', 'Lunch', '12:30', '13:10'),
      mine('2025-09-08', 'Gate', '08:15', '08:45'),
      mine('2025-09-09', 'Lunch', '12:30', '13:10'),
      mine('2025-09-08', 'Duty Manager', null, null),
    ]);
    expect([...byDate.keys()]).toEqual(['2025-09-08', '2025-09-09']);
    expect(byDate.get('2025-09-08')!.map((duty) => duty.name)).toEqual([
      'Duty Manager',
      'Gate',
      'Lunch',
    ]);
    expect(byDate.get('2025-09-09')!.map((duty) => duty.name)).toEqual(['Lunch']);
  });
});

describe('myDutiesRange', () => {
  const year = { startDate: '2025-09-01', endDate: '2026-08-31' };

  it('asks for the academic year holding a week or a month, as My Rota does', () => {
    expect(myDutiesRange({ startDate: '2025-09-08', endDate: '2025-09-12' }, year)).toEqual(year);
  });

  it('asks for the range itself outside the academic year, or before it is known', () => {
    const later = { startDate: '2026-09-01', endDate: '2026-09-30' };
    expect(myDutiesRange(later, year)).toEqual(later);
    expect(myDutiesRange(later, undefined)).toEqual(later);
  });
});
