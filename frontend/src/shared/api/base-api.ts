import { createApi, retry } from '@reduxjs/toolkit/query/react';

import { baseQuery } from './base-query';

/** Pause between retries of the endpoints that retry (docs/product.md#talking-to-the-server: 1 second apart). */
export const RETRY_DELAY_MS = 1000;

/**
 * The one RTK Query api of the app. It is empty on purpose: each feature's generated
 * `api/<feature>.gen.ts` injects its endpoints, and one shared slice lets a mutation in one
 * feature invalidate tags provided by another.
 *
 * docs/product.md#talking-to-the-server: no polling, no refetch on focus or reconnect, data never goes stale on its own
 * (only tag invalidation refreshes it), and no retries — except where an endpoint asks for them
 * with `extraOptions: { maxRetries }` (the auto-approval settings GET).
 */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: retry(baseQuery, {
    maxRetries: 0,
    backoff: () => new Promise<void>((resolve) => setTimeout(resolve, RETRY_DELAY_MS)),
  }),
  endpoints: () => ({}),
  keepUnusedDataFor: Infinity,
  refetchOnMountOrArgChange: false,
  refetchOnFocus: false,
  refetchOnReconnect: false,
});
