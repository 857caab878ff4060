import { parseDate } from '@/shared/lib/dates';

/**
 * Which duties a rota view shows (docs/product.md#duties): the Duty Manager duty, as the spec's
 * screens do, one other duty (by its id) as the Duty Manager's is shown, or every duty of the
 * school. Kept in the address as `?duty=all` or `?duty=<id>`; the Duty Manager duty without it.
 */
export type DutyView = 'duty-manager' | 'all' | (string & {});

export const DUTY_VIEW_PARAM = 'duty';

/** The view a link names: `all`, one of `dutyIds`, else the Duty Manager duty. */
export function dutyViewOf(value: string | null, dutyIds: readonly string[] = []): DutyView {
  if (value === 'all') return 'all';
  return value !== null && dutyIds.includes(value) ? value : 'duty-manager';
}

/** The address's parameters with `view` chosen: the Duty Manager duty leaves no trace. */
export function withDutyView(params: URLSearchParams, view: DutyView): URLSearchParams {
  const updated = new URLSearchParams(params);
  if (view === 'duty-manager') updated.delete(DUTY_VIEW_PARAM);
  else updated.set(DUTY_VIEW_PARAM, view);
  return updated;
}

/** A duty as a rota view of it needs it: who it is, and the people it needs per weekday (1 = Monday). */
export interface ViewedDuty {
  id: string;
  name: string;
  place: string | null;
  weekdays: readonly { weekday: number; people: number }[];
}

/** The people `duty` needs on `date` (`yyyy-MM-dd`): 0 on a weekday it doesn't run. */
export function peopleOn(duty: Pick<ViewedDuty, 'weekdays'>, date: string): number {
  const weekday = parseDate(date).day();
  return duty.weekdays.find((w) => w.weekday === weekday)?.people ?? 0;
}
