import { describe, expect, it } from 'vitest';

import type { StaffRecord } from './staff-record';
import { filterStaff, mayInvite } from './staff-filter';

function person(overrides: Partial<StaffRecord>): StaffRecord {
  return {
    id: 's',
    name: 'Someone',
    email: 'someone@school.example',
    department: null,
    isActive: true,
    isTeaching: true,
    userId: null,
    role: null,
    inviteStatus: 'not_invited',
    workingDays: [1, 2, 3, 4, 5],
    fte: null,
    weeklyCap: null,
    avoidDays: [],
    ...overrides,
  };
}

const zoe = person({
  id: '1',
  name: 'Zoë Ármstrong',
  department: 'Science',
  inviteStatus: 'active',
});
const bob = person({
  id: '2',
  name: 'Bob Stone',
  email: 'b.stone@school.example',
  isTeaching: false,
});
const cat = person({ id: '3', name: 'Cat Rowe', isActive: false, department: 'English' });
const dee = person({ id: '4', name: 'Dee Dunn', inviteStatus: 'invited' });
const everyone = [zoe, bob, cat, dee];

describe('filterStaff', () => {
  it('finds people by every word of the search in their name, email or department, whatever the case and accents', () => {
    expect(filterStaff(everyone, 'zoe', 'all')).toEqual([zoe]);
    expect(filterStaff(everyone, '  ARM  science ', 'all')).toEqual([zoe]);
    expect(filterStaff(everyone, 'b.stone', 'all')).toEqual([bob]);
    expect(filterStaff(everyone, 'english', 'all')).toEqual([cat]);
    expect(filterStaff(everyone, 'zoe english', 'all')).toEqual([]);
    expect(filterStaff(everyone, '', 'all')).toEqual(everyone);
  });

  it('shows the active, the inactive, those not signed in yet, or one kind of staff', () => {
    expect(filterStaff(everyone, '', 'active')).toEqual([zoe, bob, dee]);
    expect(filterStaff(everyone, '', 'inactive')).toEqual([cat]);
    // Leavers are not waiting to sign in.
    expect(filterStaff(everyone, '', 'not-signed-in')).toEqual([bob, dee]);
    expect(filterStaff(everyone, '', 'teaching')).toEqual([zoe, cat, dee]);
    expect(filterStaff(everyone, '', 'non-teaching')).toEqual([bob]);
  });
});

describe('mayInvite', () => {
  it('is for active people who cannot sign in yet', () => {
    expect(everyone.map(mayInvite)).toEqual([false, true, false, true]);
  });
});
