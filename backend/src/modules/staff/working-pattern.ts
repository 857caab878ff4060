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

/** Working days ÷ 5: the FTE of someone whose contract is their days (three days: 0.6). */
export function fteOfDays(workingDays: readonly number[]): number {
  return (workingDays.length * 20) / 100;
}

const sameFte = (a: number, b: number) => Math.round(a * 100) === Math.round(b * 100);
const sameDays = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((d, i) => d === b[i]);

/**
 * The pattern after a change: each field given replaces the current one (null clears `fte` and
 * `weeklyCap`), and the days to avoid are checked against the working days as a whole. Days to
 * avoid given with the change must be days they work and not all of them (400 otherwise); when
 * only the working days change, the days to avoid they no longer work are dropped (and all of
 * them when none would be left to do).
 *
 * FTE and working days stay consistent (docs/product.md#working-patterns): an FTE sent with the
 * change is what the admin means, even when it isn't the days ÷ 5; when the working days change
 * without one, an FTE that was the old days ÷ 5 becomes the new days ÷ 5 (none stays none), and
 * one set apart from the days is not guessed at (400: send it with them).
 */
export function changePattern(current: WorkingPattern, change: Partial<WorkingPattern>): WorkingPattern {
  const workingDays = change.workingDays ?? current.workingDays;
  const fte = change.fte !== undefined ? change.fte : fteAfterDays(current, workingDays);
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
    fte,
    weeklyCap: change.weeklyCap !== undefined ? change.weeklyCap : current.weeklyCap,
    avoidDays: [...avoidDays],
  };
}

/** The FTE when only the working days change (see changePattern). */
function fteAfterDays(current: WorkingPattern, workingDays: readonly number[]): number | null {
  if (current.fte === null || sameDays(current.workingDays, workingDays)) return current.fte;
  if (sameFte(current.fte, fteOfDays(current.workingDays))) return fteOfDays(workingDays);
  const days = workingDays.length === 1 ? '1 day' : `${workingDays.length} days`;
  throw new BadRequestException(
    `Their FTE (${current.fte}) is not their working days ÷ 5 (${fteOfDays(current.workingDays)}), so it can't follow the new working days: ` +
      `send the FTE with them (${days} ÷ 5 is ${fteOfDays(workingDays)}), or null for working days ÷ 5`,
  );
}

/**
 * What of a pattern change the planned rota must be repaired for (docs/product.md#the-rota-stays-true):
 * "working days" when they changed (a day gone breaks a duty on it, a day added opens capacity),
 * "weekly cap" when it changed (lower breaks, higher or none opens); nothing for the FTE or the days
 * to avoid, which only weigh future planning.
 */
export function patternChangesForRota(before: WorkingPattern, after: WorkingPattern): string[] {
  const changes: string[] = [];
  if (before.workingDays.length !== after.workingDays.length || before.workingDays.some((d) => !after.workingDays.includes(d))) {
    changes.push('working days');
  }
  if (before.weeklyCap !== after.weeklyCap) changes.push('weekly cap');
  return changes;
}
