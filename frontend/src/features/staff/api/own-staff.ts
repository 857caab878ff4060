import { useGetCurrentUserQuery } from '@/features/auth/api';
import { useAuthToken } from '@/shared/auth/auth-token';

import type { StaffDto } from './staff.gen';
import { useGetStaffQuery } from './index';

/**
 * The signed-in person's own staff record among `staff` (docs/product.md#accounts-and-sign-in: it is "me"): linked by user
 * id, else with the same email address. Staff get colleagues' records without either
 * (docs/product.md#what-people-see-of-each-other), and their own whole, so it is found all the same.
 */
export function ownStaffRecord(
  staff: readonly StaffDto[],
  user: { id: string; email: string } | undefined,
): StaffDto | undefined {
  if (!user) return undefined;
  const email = user.email.trim().toLowerCase();
  return (
    staff.find((person) => person.userId === user.id) ??
    staff.find((person) => person.email?.trim().toLowerCase() === email)
  );
}

/**
 * The signed-in person's own staff record, if they have one, for screens that act on "my"
 * duties (requests, unavailability). Undefined while loading and for people without one.
 */
export function useOwnStaffRecord(): StaffDto | undefined {
  const token = useAuthToken();
  const user = useGetCurrentUserQuery(undefined, { skip: !token }).data?.user;
  const staff = useGetStaffQuery().data;
  return staff ? ownStaffRecord(staff, user) : undefined;
}
