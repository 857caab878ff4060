import { describe, expect, it } from 'vitest';

import { colleagueAsStaffSee, staffMember } from '@/testing/fixtures';

import type { StaffDto } from '../api';
import { isWholeRecord } from './staff-record';

describe('isWholeRecord', () => {
  it('tells a whole record, empty fields and all, from a colleague’s as staff get it', () => {
    const whole = staffMember('s-1', 'Ann Lee');
    expect(isWholeRecord(whole)).toBe(true);
    expect(isWholeRecord({ ...whole, department: null, userId: null, role: null })).toBe(true);
    expect(isWholeRecord(colleagueAsStaffSee(whole))).toBe(false);
    // One field missing is enough: the record is not whole.
    const withoutAvoidDays: StaffDto = { ...whole };
    delete withoutAvoidDays.avoidDays;
    expect(isWholeRecord(withoutAvoidDays)).toBe(false);
  });
});
