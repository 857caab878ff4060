import type { AuthUser } from '../../common/auth/auth-user';
import { hasPermission } from '../../common/auth/roles';

/**
 * The fields of a person's record that only admins and managers see of others
 * (docs/product.md#what-people-see-of-each-other). Staff see their own record in full and, of a
 * colleague, what their screens need: the name, Teaching or Non-Teaching, and whether they are on
 * the staff. Answers keep their shape for everyone: these keys are left out of a colleague's
 * record (absent, not null), which is why their DTOs declare them optional.
 */
export const PERSONAL_FIELDS = ['email', 'userId', 'role', 'inviteStatus', 'department', 'workingDays', 'fte', 'weeklyCap', 'avoidDays'] as const;
export type PersonalField = (typeof PERSONAL_FIELDS)[number];

/** The person's record as a colleague without `staff.manage` sees it. */
export type ColleagueView<T> = Omit<T, PersonalField>;

/** Those who manage staff records (admins and managers) see everyone's personal fields. */
export function seesPersonalFields(viewer: AuthUser): boolean {
  return hasPermission(viewer.role, 'staff.manage');
}

export function withoutPersonalFields<T extends object>(record: T): ColleagueView<T> {
  const copy = { ...record } as Record<string, unknown>;
  for (const field of PERSONAL_FIELDS) delete copy[field];
  return copy as ColleagueView<T>;
}

/**
 * The id of the viewer's own record among `people` (docs/product.md#accounts-and-sign-in: it is
 * "me"): the one linked to their account, else the one with their sign-in email, as the screens
 * find it.
 */
export function ownRecordId(people: readonly { id: string; userId: string | null; email: string }[], viewer: AuthUser): string | undefined {
  const email = viewer.email.trim().toLowerCase();
  return (people.find((p) => p.userId === viewer.id) ?? people.find((p) => p.email.trim().toLowerCase() === email))?.id;
}

/**
 * `people` as `viewer` may see them: whole for those who manage staff; otherwise their own record
 * whole and everyone else's without the personal fields.
 */
export function asSeenBy<T extends { id: string; userId: string | null; email: string }>(
  viewer: AuthUser,
  people: T[],
): (T | ColleagueView<T>)[] {
  if (seesPersonalFields(viewer)) return people;
  const own = ownRecordId(people, viewer);
  return people.map((person) => (person.id === own ? person : withoutPersonalFields(person)));
}
