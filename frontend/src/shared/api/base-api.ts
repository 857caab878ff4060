import { createApi } from '@reduxjs/toolkit/query/react';

import { baseQuery } from './base-query';

/**
 * The one RTK Query api of the app. It is empty on purpose: each feature's generated
 * `api/<feature>.gen.ts` injects its endpoints, and one shared slice lets a mutation in one
 * feature invalidate tags provided by another.
 *
 * Spec §7: no polling, no refetch on focus or reconnect, data never goes stale on its own
 * (only tag invalidation refreshes it), and no retries.
 */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery,
  endpoints: () => ({}),
  keepUnusedDataFor: Infinity,
  refetchOnMountOrArgChange: false,
  refetchOnFocus: false,
  refetchOnReconnect: false,
});
