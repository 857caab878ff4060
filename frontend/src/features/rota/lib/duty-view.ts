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
