import { skipToken } from '@reduxjs/toolkit/query';
import { useMemo } from 'react';

import { useGetCurrentWeekQuery, useGetMyDutiesQuery } from '../api';
import { myDutiesByDate, myDutiesRange } from './my-duties';

/**
 * The signed-in person's duties of every kind on the days of `range` (docs/product.md#duties),
 * for the Weekly Rota's and the Dashboard month's days. Asked for only where the school runs more
 * than the Duty Manager duty (`manyDuties`): a school with that duty alone makes the same requests
 * as before. Someone without a staff record of their own gets none.
 */
export function useMyDuties(
  range: { startDate: string; endDate: string } | undefined,
  manyDuties: boolean,
) {
  const year = useGetCurrentWeekQuery().data?.academicYear;
  const query = useGetMyDutiesQuery(manyDuties && range ? myDutiesRange(range, year) : skipToken);
  const byDate = useMemo(() => myDutiesByDate(query.currentData ?? []), [query.currentData]);
  return {
    byDate,
    busy: query.isFetching,
    /** The failed query, to say so with a retry; the rota shows without the person's duties. */
    failed: query.isError && !query.currentData ? query : undefined,
  };
}
