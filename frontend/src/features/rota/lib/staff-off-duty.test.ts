import { describe, expect, it } from 'vitest';

import { rotaDay } from '@/testing/fixtures';
import { alice, allStaff, bob } from '@/testing/rota-fixtures';

import { staffOffDuty } from './staff-off-duty';

describe('staffOffDuty', () => {
  it("keeps active staff by name, without the day's managers", () => {
    const day = rotaDay('2025-09-08', [alice, bob]);
    expect(staffOffDuty(allStaff, day, 2).map((p) => p.name)).toEqual(['Cat Rowe']);
    expect(staffOffDuty(allStaff, undefined, 2).map((p) => p.name)).toEqual([
      'Alice Smith',
      'Bob Jones',
      'Cat Rowe',
    ]);
    expect(staffOffDuty(undefined, day, 2)).toEqual([]);
  });
});
