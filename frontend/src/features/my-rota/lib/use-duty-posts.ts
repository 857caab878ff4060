import { skipToken } from '@reduxjs/toolkit/query';

import { useGetDutiesQuery } from '@/features/duties/api';
import { useGetMyDutiesQuery } from '@/features/rota/api';

/**
 * The signed-in person's duties of every kind (docs/product.md#duties), asked for only where the
 * school runs more than the Duty Manager duty and the list is the person's own, or a colleague's
 * an admin or manager looks at (`colleagueId`, sent as `staffId`): a school with the Duty Manager
 * duty alone makes the same requests as before. `settled` once the duties are known (or failed to
 * load: then the Duty Manager's days alone are as true as before).
 */
export function useDutyPosts(
  isOwn: boolean,
  range: { startDate: string; endDate: string } | undefined,
  colleagueId?: string,
) {
  const duties = useGetDutiesQuery();
  const active = (isOwn || Boolean(colleagueId)) && (duties.data?.length ?? 0) > 1;
  const query = useGetMyDutiesQuery(
    active && range
      ? isOwn || !colleagueId
        ? range
        : { ...range, staffId: colleagueId }
      : skipToken,
  );
  return { active, settled: Boolean(duties.data) || duties.isError, query };
}
