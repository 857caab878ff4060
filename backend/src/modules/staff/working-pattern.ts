import { BadRequestException } from '@nestjs/common';
import { describeWeekdays, ISO_WEEKDAYS } from '../../common/clock/weekdays';

/** What the rota plans a person around (docs/product.md#working-patterns); weekdays are ISO, 1 = Monday … 5 = Friday. */
export interface WorkingPattern {
  workingDays: number[];
  fte: number | null;
  weeklyCap: number | null;
  avoidDays: number[];
}

export const DEFAULT_PATTERN: WorkingPattern = { workingDays: [...ISO_WEEKDAYS], fte: null, weeklyCap: null, avoidDays: [] };

/**
 * The pattern after a change: each field given replaces the current one (null clears `fte` and
 * `weeklyCap`), and the days to avoid are checked against the working days as a whole. Days to
 * avoid given with the change must be days they work and not all of them (400 otherwise); when
 * only the working days change, the days to avoid they no longer work are dropped (and all of
 * them when none would be left to do).
 */
export function changePattern(current: WorkingPattern, change: Partial<WorkingPattern>): WorkingPattern {
  const workingDays = change.workingDays ?? current.workingDays;
  let avoidDays: number[];
  if (change.avoidDays !== undefined) {
    avoidDays = change.avoidDays;
    const notWorked = avoidDays.filter((d) => !workingDays.includes(d));
    if (notWorked.length) {
      throw new BadRequestException(`Days to avoid must be days they work: they don't work on ${describeWeekdays(notWorked)}`);
    }
    if (avoidDays.length && avoidDays.length >= workingDays.length) {
      throw new BadRequestException("Days to avoid can't be every day they work: leave at least one working day they don't avoid");
    }
  } else {
    avoidDays = current.avoidDays.filter((d) => workingDays.includes(d));
    if (avoidDays.length >= workingDays.length) avoidDays = [];
  }
  return {
    workingDays: [...workingDays],
    fte: change.fte !== undefined ? change.fte : current.fte,
    weeklyCap: change.weeklyCap !== undefined ? change.weeklyCap : current.weeklyCap,
    avoidDays: [...avoidDays],
  };
}

/**
 * What of a pattern change the planned rota must be checked for (docs/product.md#the-rota-stays-true):
 * "working days" when a day they worked is gone, "weekly cap" when the cap may now be lower (set,
 * lowered, or back to the organisation's default); nothing for more days, a higher cap, the FTE or
 * the days to avoid, which only weigh future planning.
 */
export function patternChangesForRota(before: WorkingPattern, after: WorkingPattern): string[] {
  const changes: string[] = [];
  if (before.workingDays.some((d) => !after.workingDays.includes(d))) changes.push('working days');
  const raised = before.weeklyCap !== null && after.weeklyCap !== null && after.weeklyCap > before.weeklyCap;
  if (before.weeklyCap !== after.weeklyCap && !raised) changes.push('weekly cap');
  return changes;
}
