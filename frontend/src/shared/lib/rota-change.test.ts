import { describe, expect, it } from 'vitest';

import { changedRota, changeOutcome, removedDuties } from './rota-change';

const snowDay = {
  removedDuties: 4,
  message: "Adding holiday 'Snow closure' removed 4 duties on 7–8 Dec; 0 refilled (holiday).",
};
const nothing = { removedDuties: 0, message: 'No planned duties were affected.' };
const thaw = {
  removedDuties: 0,
  filledDuties: 6,
  movedDuties: 2,
  message:
    "Deleting holiday 'Snow closure' filled 6 duties on 7–8 Dec; 2 duties moved to keep the rota fair.",
};

describe('changeOutcome', () => {
  it("says what the change did to the rota when it removed duties, instead of the screen's text", () => {
    expect(changeOutcome('Holiday added successfully', snowDay)).toBe(snowDay.message);
  });

  it('says what the repair did when it filled or moved duties', () => {
    expect(changeOutcome('Holiday deleted', thaw)).toBe(thaw.message);
    expect(changeOutcome('Holiday deleted', { ...thaw, movedDuties: 0 })).toBe(thaw.message);
    expect(changeOutcome('Holiday deleted', { ...thaw, filledDuties: 0 })).toBe(thaw.message);
    expect(changeOutcome('Holiday deleted', { ...thaw, filledDuties: 0, movedDuties: 0 })).toBe(
      'Holiday deleted',
    );
  });

  it("keeps the screen's text when nobody was taken off the rota", () => {
    expect(changeOutcome('Holiday added successfully', nothing)).toBe('Holiday added successfully');
    expect(changeOutcome('Staff member deactivated', null)).toBe('Staff member deactivated');
    expect(changeOutcome('Staff member deactivated', undefined)).toBe('Staff member deactivated');
  });
});

describe('removedDuties', () => {
  it('is true only for a change that took someone off the rota', () => {
    expect(removedDuties(snowDay)).toBe(true);
    expect(removedDuties(nothing)).toBe(false);
    expect(removedDuties(null)).toBe(false);
    expect(removedDuties(thaw)).toBe(false);
  });
});

describe('changedRota', () => {
  it('is true for a change that removed, filled or moved duties', () => {
    expect(changedRota(snowDay)).toBe(true);
    expect(changedRota(thaw)).toBe(true);
    expect(changedRota(nothing)).toBe(false);
    expect(changedRota(undefined)).toBe(false);
  });
});
