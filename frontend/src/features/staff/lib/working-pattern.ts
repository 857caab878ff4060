import { ALL_WEEKDAYS, formatWeekdays } from '@/shared/lib/weekdays';

import type { StaffRecord } from '../api/staff-record';

/** What an empty FTE means: their working days ÷ 5, e.g. 0.6 for three days. */
export function defaultFte(workingDays: readonly number[]): number {
  return Math.round((workingDays.length / 5) * 100) / 100;
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
