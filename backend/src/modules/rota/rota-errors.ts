import { ConflictException } from '@nestjs/common';

/** Spec §5 titles, sent as the error body's `code` so clients can tell the two conflicts apart. */
export const DUPLICATE_ASSIGNMENT = 'duplicate_assignment';
export const SLOTS_FULL = 'slots_full';

export function duplicateAssignment(): ConflictException {
  return new ConflictException({ message: 'This staff member is already assigned to this day', code: DUPLICATE_ASSIGNMENT });
}

/** Spec §5's "Both Duty Manager slots are already filled for this day", for any number of slots. */
export function slotsFull(slotsPerDay: number): ConflictException {
  const message =
    slotsPerDay === 1
      ? 'The Duty Manager slot is already filled for this day'
      : slotsPerDay === 2
        ? 'Both Duty Manager slots are already filled for this day'
        : `All ${slotsPerDay} Duty Manager slots are already filled for this day`;
  return new ConflictException({ message, code: SLOTS_FULL });
}
