import { formatWeekdays } from '@/shared/lib/weekdays';

import type { DutyDto, DutyEligibility } from '../api';

/** "1 person", "2 people". */
export function peopleText(people: number): string {
  return people === 1 ? '1 person' : `${people} people`;
}

/**
 * The weekdays a duty runs and the people it needs: "Mon–Fri · 2 people" when every day needs
 * the same, else each day with its own ("Mon 2, Tue 1").
 */
export function weekdaysSummary(weekdays: DutyDto['weekdays']): string {
  if (weekdays.length === 0) return '';
  const sorted = [...weekdays].sort((a, b) => a.weekday - b.weekday);
  const counts = new Set(sorted.map((day) => day.people));
  if (counts.size === 1) {
    return `${formatWeekdays(sorted.map((day) => day.weekday))} · ${peopleText(sorted[0]!.people)}`;
  }
  return sorted.map((day) => `${formatWeekdays([day.weekday])} ${day.people}`).join(', ');
}

export const ELIGIBILITY_LABELS: Record<DutyEligibility, string> = {
  everyone: 'Everyone',
  teaching: 'Teaching staff',
  non_teaching: 'Non-teaching staff',
  listed: 'Named groups and people',
};

/**
 * Who may take a duty: "Everyone", "Teaching staff", "Non-teaching staff", or the listed groups'
 * and people's names ("SLT, Sam Lee"); an id not (yet) known is left out.
 */
export function eligibilityText(
  duty: Pick<DutyDto, 'eligible' | 'groupIds' | 'staffIds'>,
  groupNames: ReadonlyMap<string, string>,
  staffNames: ReadonlyMap<string, string>,
): string {
  if (duty.eligible !== 'listed') return ELIGIBILITY_LABELS[duty.eligible];
  const names = [
    ...duty.groupIds.map((id) => groupNames.get(id)),
    ...duty.staffIds.map((id) => staffNames.get(id)),
  ].filter((name): name is string => name !== undefined);
  return names.length ? names.join(', ') : ELIGIBILITY_LABELS.listed;
}

/** "20 min". */
export function weightText(weight: number): string {
  return `${weight} min`;
}

/** The ids in a new order with the duty at `index` moved one place up (-1) or down (+1). */
export function movedOrder(ids: readonly string[], index: number, step: -1 | 1): string[] {
  const target = index + step;
  if (target < 0 || target >= ids.length) return [...ids];
  const next = [...ids];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}
