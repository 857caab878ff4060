import type { StaffDto } from '../api';

/**
 * A staff record with every field. Admins and managers get everyone's whole; staff get their own
 * whole and, of colleagues, only the id, name, whether active and Teaching or Non-Teaching
 * (docs/product.md#what-people-see-of-each-other): the API leaves the rest out, so the generated
 * `StaffDto` has them optional.
 */
export type StaffRecord = Required<StaffDto>;

/** The fields the API leaves out of a colleague's record for staff: `StaffDto`'s optional ones. */
type PersonalField = {
  [K in keyof StaffDto]-?: object extends Pick<StaffDto, K> ? K : never;
}[keyof StaffDto];

// A record type, so a personal field added to the API fails the type check until it is listed.
const PERSONAL_FIELDS: Record<PersonalField, true> = {
  email: true,
  userId: true,
  role: true,
  inviteStatus: true,
  department: true,
  workingDays: true,
  fte: true,
  weeklyCap: true,
  avoidDays: true,
};

/** Whether the server sent `person` whole: everyone, for admins and managers. */
export function isWholeRecord(person: StaffDto): person is StaffRecord {
  return Object.keys(PERSONAL_FIELDS).every((field) => field in person);
}
