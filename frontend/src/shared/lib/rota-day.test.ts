import { describe, expect, it } from 'vitest';

import { rotaDay } from '@/testing/fixtures';

import { daySlots, peopleOnDuty } from './rota-day';

const alice = { id: 's-1', name: 'Alice Smith' };
const bob = { id: 's-2', name: 'Bob Jones' };
const cat = { id: 's-3', name: 'Cat Rowe' };

describe('daySlots', () => {
  it('shows as many slots as the setting, filled by position', () => {
    expect(daySlots(undefined, 3)).toEqual([null, null, null]);
    expect(daySlots(undefined, 0)).toEqual([null]);
    expect(daySlots(rotaDay('2025-09-08', [null, bob]), 2)).toEqual([null, bob]);
    // A past day can have more people than today's setting: they still show.
    expect(daySlots(rotaDay('2025-09-08', [alice, null, bob]), 2)).toEqual([alice, null, bob]);
    expect(daySlots(rotaDay('2025-09-08', [alice, null, null]), 2)).toEqual([alice, null]);
  });

  it('places slots by position, whatever order they come in', () => {
    const day = {
      slots: [
        { position: 3, staff: cat },
        { position: 1, staff: alice },
        { position: 2, staff: null },
      ],
    };
    expect(daySlots(day, 3)).toEqual([alice, null, cat]);
  });

  it('reads the slots alone, never the two-slot fields', () => {
    const day = {
      ...rotaDay('2025-09-08', [null, bob, cat]),
      dutyManager1Id: alice.id,
      dutyManager1: alice,
    };
    expect(daySlots(day, 3)).toEqual([null, bob, cat]);
    const noSlots = { ...rotaDay('2025-09-08', []), dutyManager1Id: alice.id, dutyManager1: alice };
    expect(daySlots(noSlots, 2)).toEqual([null, null]);
  });
});

describe('peopleOnDuty', () => {
  it('lists everyone on duty once, in slot order, beyond two slots too', () => {
    expect(peopleOnDuty(undefined)).toEqual([]);
    expect(peopleOnDuty(rotaDay('2025-09-08', [null, null]))).toEqual([]);
    expect(peopleOnDuty(rotaDay('2025-09-08', [cat, null, alice, bob]))).toEqual([cat, alice, bob]);
    expect(peopleOnDuty(rotaDay('2025-09-08', [alice, alice]))).toEqual([alice]);
  });

  it('reads the slots alone, never the two-slot fields', () => {
    const day = { ...rotaDay('2025-09-08', [cat]), dutyManager2Id: bob.id, dutyManager2: bob };
    expect(peopleOnDuty(day)).toEqual([cat]);
  });
});
