import { describe, expect, it } from 'vitest';

import { changeOutcome, removedDuties } from './rota-change';

const snowDay = {
  removedDuties: 4,
  message: "Adding holiday 'Snow closure' removed 4 duties on 7–8 Dec; 0 refilled (holiday).",
};
const nothing = { removedDuties: 0, message: 'No planned duties were affected.' };

describe('changeOutcome', () => {
  it("says what the change did to the rota when it removed duties, instead of the screen's text", () => {
    expect(changeOutcome('Holiday added successfully', snowDay)).toBe(snowDay.message);
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
  });
});
