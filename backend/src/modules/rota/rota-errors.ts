import { ConflictException } from '@nestjs/common';

/** The two assignment conflicts (docs/product.md#assigning-by-hand), sent as the error body's `code` so clients can tell the two conflicts apart. */
export const DUPLICATE_ASSIGNMENT = 'duplicate_assignment';
export const SLOTS_FULL = 'slots_full';

export function duplicateAssignment(): ConflictException {
  return new ConflictException({ message: 'This staff member is already assigned to this day', code: DUPLICATE_ASSIGNMENT });
}

/** "Both Duty Manager slots are already filled for this day" (docs/product.md#assigning-by-hand), for any number of slots and any duty. */
export function slotsFull(slotsPerDay: number, duty = 'Duty Manager'): ConflictException {
  const message =
    slotsPerDay === 1
      ? `The ${duty} slot is already filled for this day`
      : slotsPerDay === 2
        ? `Both ${duty} slots are already filled for this day`
        : `All ${slotsPerDay} ${duty} slots are already filled for this day`;
  return new ConflictException({ message, code: SLOTS_FULL });
}

/** Fill or Reshuffle over an academic year without term dates (docs/product.md#term-dates). */
export const TERM_DATES_MISSING = 'term_dates_missing';

export function termDatesMissing(academicYears: number[]): ConflictException {
  const labels = academicYears.map((y) => `${y}-${y + 1}`);
  return new ConflictException({
    message:
      `No term dates are set for ${labels.join(' and ')}: set them first so that the holidays between terms stay free, ` +
      'or plan every weekday instead',
    code: TERM_DATES_MISSING,
  });
}

/** A write refused by the rota's constraints, read as the API's conflict (other errors pass through). */
export function slotConflict(error: unknown, slotsPerDay: number, duty?: string): unknown {
  const e = error as { constraint?: string; code?: string; message?: string };
  const text = `${e.constraint ?? ''} ${e.message ?? ''}`;
  if (text.includes('rota_slots_day_staff_unique')) return duplicateAssignment();
  if (text.includes('rota_slots_day_position_unique') || text.includes('rota_slots_within_limit')) return slotsFull(slotsPerDay, duty);
  return error;
}
