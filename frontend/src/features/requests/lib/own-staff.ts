import { useGetCurrentUserQuery } from '@/features/auth/api';
import { useGetStaffQuery, type StaffDto } from '@/features/staff/api';
import { useAuthToken } from '@/shared/auth/auth-token';
import { ownStaffRecord } from '@/shared/auth/own-staff-record';

/**
 * The signed-in person's own staff record, if they have one, for screens that act on "my"
 * duties (their swap and cancel requests). Undefined while loading and for people without one.
 */
export function useOwnStaffRecord(): StaffDto | undefined {
  const token = useAuthToken();
  const user = useGetCurrentUserQuery(undefined, { skip: !token }).data?.user;
  const staff = useGetStaffQuery().data;
  return staff ? ownStaffRecord(staff, user) : undefined;
}
