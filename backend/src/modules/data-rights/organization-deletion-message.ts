import { calendarDate } from '../../common/clock/clock';
import { describeDate } from '../../common/text/dates';

/** The code of the answer (409) to a write while the organisation waits to be deleted. */
export const DELETION_PENDING_CODE = 'organization_deletion_pending';

/** The day an organisation's deletion is due, in its time zone, `yyyy-MM-dd`. */
export function deletionDay(dueAt: Date, timeZone: string): string {
  return calendarDate(dueAt, timeZone);
}

/** The answer to any change while the organisation waits to be deleted: when, and how to stop it. */
export function readOnlyMessage(dueAt: Date, timeZone: string): string {
  return (
    `This organisation will be deleted on ${describeDate(deletionDay(dueAt, timeZone))}, so nothing can be changed. ` +
    'An admin can restore it until then: Admin panel → Delete this organisation → Restore.'
  );
}
