import { ALL_WEEKDAYS, formatWeekdays } from '@/shared/lib/weekdays';

import type { StaffRecord } from './staff-record';

/** What an empty FTE means: their working days ÷ 5, e.g. 0.6 for three days. */
export function defaultFte(workingDays: readonly number[]): number {
  return Math.round((workingDays.length / 5) * 100) / 100;
}

/** Whether an FTE is what the working days make it (two decimals compared). */
export function fteMatchesDays(fte: number, workingDays: readonly number[]): boolean {
  return Math.round(fte * 100) === Math.round(defaultFte(workingDays) * 100);
}

/**
 * The FTE to propose when the working days change (docs/product.md#working-patterns): an FTE that
 * was the old days ÷ 5 moves to the new days ÷ 5; an empty one stays empty (it already follows
 * them); undefined for one set apart from the days, which only the admin can say.
 */
export function fteFollowingDays(
  fte: number | null | undefined,
  before: readonly number[],
  after: readonly number[],
): number | null | undefined {
  if (fte === null || fte === undefined) return null;
  return fteMatchesDays(fte, before) ? defaultFte(after) : undefined;
}

const days = (count: number) => (count === 1 ? '1 day' : `${count} days`);
const twoDecimals = (n: number) => Math.round(n * 100) / 100;

/**
 * What an FTE makes of someone's fair share (the engine weighs each day they work by FTE ÷
 * (days ÷ 5)): "Fair share: 0.4 of a full-timer’s duties (2 days ÷ 5)." or, for an FTE set apart,
 * how much each day they work then counts. Undefined for an empty FTE (the field says what that means).
 */
export function describeShare(
  fte: number | null | undefined,
  workingDays: readonly number[],
): string | undefined {
  if (fte === null || fte === undefined || workingDays.length === 0) return undefined;
  if (fteMatchesDays(fte, workingDays)) {
    return `Fair share: ${fte} of a full-timer’s duties (${days(workingDays.length)} ÷ 5).`;
  }
  const perDay = twoDecimals(fte / defaultFte(workingDays));
  return `Fair share: ${fte} of a full-timer’s duties over ${days(workingDays.length)}, so each day they work counts ${perDay} of a full-timer’s. ${days(workingDays.length)} ÷ 5 is ${defaultFte(workingDays)}.`;
}

type Pattern = Pick<StaffRecord, 'workingDays' | 'fte' | 'weeklyCap' | 'avoidDays'>;

/**
 * The working pattern in a few words for the staff table, e.g. "Mon–Wed · 0.6 FTE",
 * "Mon–Fri · 0.8 FTE · max 3 a week · avoids Fri"; empty for a full-timer with no cap or days to
 * avoid, who needs nothing said.
 */
export function describePattern(staff: Pattern): string {
  const parts: string[] = [];
  const everyDay = staff.workingDays.length === ALL_WEEKDAYS.length;
  const fte = staff.fte ?? defaultFte(staff.workingDays);
  if (!everyDay) parts.push(formatWeekdays(staff.workingDays));
  if (fte < 1) {
    if (everyDay) parts.push('Mon–Fri');
    parts.push(`${fte} FTE`);
  }
  if (staff.weeklyCap !== null) parts.push(`max ${staff.weeklyCap} a week`);
  if (staff.avoidDays.length > 0) parts.push(`avoids ${formatWeekdays(staff.avoidDays)}`);
  return parts.join(' · ');
}
