/**
 * Which duties a rota view shows (docs/product.md#duties): the Duty Manager duty, as the spec's
 * screens do, or every duty of the school as a grid. Kept in the address as `?duty=all`.
 */
export type DutyView = 'duty-manager' | 'all';

export const DUTY_VIEW_PARAM = 'duty';

/** The view a link names; the Duty Manager duty unless it says `all`. */
export function dutyViewOf(value: string | null): DutyView {
  return value === 'all' ? 'all' : 'duty-manager';
}

/** "Lunch — Canteen": a duty's name with its place when it has one. */
export function dutyTitle(duty: { name: string; place: string | null }): string {
  return duty.place ? `${duty.name} — ${duty.place}` : duty.name;
}

/** "12:30–13:10", or "All day" for a duty without times. */
export function dutyTimes(duty: { startTime: string | null; endTime: string | null }): string {
  return duty.startTime && duty.endTime ? `${duty.startTime}–${duty.endTime}` : 'All day';
}
