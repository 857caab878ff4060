import { describe, expect, it } from 'vitest';

import { accessFor } from '@/shared/auth/access';
import { currentWeek } from '@/testing/fixtures';
import { storeToken, stubFetch } from '@/testing/test-utils';

import { makeStore } from '../store';
import { pageAt } from './app-pages';

/** Every request `fetch` was sent, as `METHOD /path?query`, in order. */
function requests(fetchMock: ReturnType<typeof stubFetch>): string[] {
  return fetchMock.mock.calls.map(([input, init]) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    return `${(init?.method ?? 'GET').toUpperCase()} ${url.pathname}${url.search}`;
  });
}

const ANSWERS = {
  'GET /api/setup-checklist': { body: { steps: [], done: false } },
  'GET /api/dashboard-stats': { body: {} },
  'GET /api/swap-requests': { body: [] },
  'GET /api/calendar/subscription': { body: { active: false, refreshIntervalMinutes: 60 } },
  'GET /api/audit-log': { body: { items: [], total: 0, page: 1, pageSize: 5 } },
  'GET /api/current-week': { body: currentWeek() },
  'GET /api/rota': { body: [] },
  'GET /api/holidays': { body: [] },
};

describe('the Dashboard’s prefetch', () => {
  it('asks for every section’s data at once when the session is known, and the month’s rota as soon as the current week says which month', async () => {
    storeToken();
    const fetchMock = stubFetch(ANSWERS);
    const store = makeStore();

    pageAt('/')!.prefetch!(store.dispatch, accessFor('admin'));

    await expect.poll(() => requests(fetchMock).length).toBe(8);
    expect(requests(fetchMock).sort()).toEqual(
      [
        'GET /api/audit-log?page=1&pageSize=5',
        'GET /api/calendar/subscription',
        'GET /api/current-week',
        'GET /api/dashboard-stats',
        'GET /api/holidays?startDate=2025-09-01&endDate=2025-09-30',
        'GET /api/rota?startDate=2025-09-01&endDate=2025-09-30',
        'GET /api/setup-checklist',
        'GET /api/swap-requests',
      ].sort(),
    );
  });

  it('asks staff for nothing they cannot see (the checklist, the activity log)', async () => {
    storeToken();
    const fetchMock = stubFetch(ANSWERS);
    const store = makeStore();

    pageAt('/')!.prefetch!(store.dispatch, accessFor('staff'));

    await expect.poll(() => requests(fetchMock).length).toBe(6);
    expect(requests(fetchMock)).not.toContain('GET /api/setup-checklist');
    expect(requests(fetchMock).some((request) => request.startsWith('GET /api/audit-log'))).toBe(
      false,
    );
  });
});
