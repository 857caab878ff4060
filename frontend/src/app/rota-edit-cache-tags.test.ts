import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { auditApi } from '@/features/audit/api';
import { dashboardApi } from '@/features/dashboard/api';
import { requestsApi } from '@/features/requests/api';
import { rotaApi } from '@/features/rota/api';
import { callCount, storeToken, stubFetch } from '@/testing/test-utils';

import { makeStore, type AppStore } from './store';

const EMPTY_LOG = { items: [], total: 0, page: 1, pageSize: 25 };
const HEALTH = {
  from: '2025-09-08',
  to: '2026-07-21',
  violations: [],
  unfilledDays: [],
  yearsWithoutTermDates: [],
};
const REFUSED = {
  status: 409,
  body: { statusCode: 409, error: 'Conflict', message: 'This staff member is already assigned' },
};

/** What the open screens would show: the rota, its health check, the figures, requests and log. */
async function loadAll(store: AppStore) {
  await Promise.all([
    store.dispatch(
      rotaApi.endpoints.getRota.initiate({ startDate: '2025-09-01', endDate: '2025-09-30' }),
    ),
    store.dispatch(rotaApi.endpoints.getRotaHealth.initiate({})),
    store.dispatch(dashboardApi.endpoints.getDashboardStats.initiate()),
    store.dispatch(requestsApi.endpoints.getCancelRequests.initiate()),
    store.dispatch(auditApi.endpoints.getAuditLog.initiate({})),
  ]);
}

function stubAll(edit: Record<string, unknown>) {
  storeToken();
  return stubFetch({
    'GET /api/rota': { body: [] },
    'GET /api/rota/health': { body: HEALTH },
    'GET /api/dashboard-stats': { body: {} },
    'GET /api/cancel-requests': { body: [] },
    'GET /api/audit-log': { body: EMPTY_LOG },
    ...edit,
  });
}

const EDITS = [
  [
    'replacing someone',
    'POST /api/rota/replace',
    (s: AppStore) =>
      s.dispatch(
        rotaApi.endpoints.replaceOnRota.initiate({
          replaceOnRotaDto: { date: '2025-09-10', position: 1, staffId: 's-1' },
        }),
      ),
  ],
  [
    'removing someone',
    'POST /api/rota/remove',
    (s: AppStore) =>
      s.dispatch(
        rotaApi.endpoints.removeFromRota.initiate({
          removeFromRotaDto: { date: '2025-09-10', position: 1, reason: 'Off site' },
        }),
      ),
  ],
  [
    'moving someone',
    'POST /api/rota/move',
    (s: AppStore) =>
      s.dispatch(
        rotaApi.endpoints.moveOnRota.initiate({
          moveOnRotaDto: { date: '2025-09-10', position: 1, toDate: '2025-09-11' },
        }),
      ),
  ],
] as const;

describe('cache tags of the direct rota edits', () => {
  it.each(EDITS)(
    '%s reloads the rota, its health check, the dashboard, the cancellations and the log',
    async (_name, request, edit) => {
      const fetchMock = stubAll({ [request]: { body: { days: [], message: 'Done.' } } });
      const store = makeStore();
      await loadAll(store);

      await edit(store);

      for (const read of [
        'GET /api/rota',
        'GET /api/rota/health',
        'GET /api/dashboard-stats',
        'GET /api/cancel-requests',
        'GET /api/audit-log',
      ]) {
        await waitFor(() => expect(callCount(fetchMock, read)).toBe(2));
      }
    },
  );

  it.each(EDITS)(
    '%s refused with 409 reloads the rota and the figures only: nothing was recorded',
    async (_name, request, edit) => {
      const fetchMock = stubAll({ [request]: REFUSED });
      const store = makeStore();
      await loadAll(store);

      await edit(store);

      await waitFor(() => expect(callCount(fetchMock, 'GET /api/rota')).toBe(2));
      await waitFor(() => expect(callCount(fetchMock, 'GET /api/rota/health')).toBe(2));
      await waitFor(() => expect(callCount(fetchMock, 'GET /api/dashboard-stats')).toBe(2));
      expect(callCount(fetchMock, 'GET /api/cancel-requests')).toBe(1);
      expect(callCount(fetchMock, 'GET /api/audit-log')).toBe(1);
    },
  );
});
