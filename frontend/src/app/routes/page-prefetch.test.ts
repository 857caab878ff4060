import { afterEach, describe, expect, it } from 'vitest';

import { accessFor } from '@/shared/auth/access';
import { currentWeek, dutyManagerDuty, otherDuty } from '@/testing/fixtures';
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
  'GET /api/duties': { body: [dutyManagerDuty(), otherDuty()] },
  'GET /api/current-week': { body: currentWeek() },
  'GET /api/rota': { body: [] },
  'GET /api/holidays': { body: [] },
  'GET /api/rota/closures': { body: [] },
  'GET /api/rota/grid': { body: { duties: [], days: [] } },
  'GET /api/rota/today': { body: { date: '2025-09-08', duties: [], away: [] } },
  'GET /api/duty-templates': { body: [] },
  'GET /api/duty-rules': { body: {} },
  'GET /api/staff-groups': { body: [] },
};

/** Opens `address` and runs the prefetch of the page there, as the auth gate does. */
function prefetchAt(address: string, role: 'admin' | 'manager' | 'staff' = 'admin') {
  storeToken();
  window.history.pushState(null, '', address);
  const fetchMock = stubFetch(ANSWERS);
  const store = makeStore();
  pageAt(window.location.pathname)!.prefetch!(store.dispatch, accessFor(role));
  return fetchMock;
}

const WEEK = 'startDate=2025-09-08&endDate=2025-09-12';

afterEach(() => window.history.pushState(null, '', '/'));

describe('the Weekly Rota’s prefetch', () => {
  it('asks for the all-duties grid of the current week once the week and the duties are known, beside the week’s holidays and days out of term, and no Duty Manager rota', async () => {
    const fetchMock = prefetchAt('/rota?duty=all');

    await expect.poll(() => requests(fetchMock).length).toBe(5);
    // No Duty Manager rota of its own: the grid's page shows none.
    expect(requests(fetchMock).sort()).toEqual(
      [
        'GET /api/current-week',
        'GET /api/duties',
        `GET /api/holidays?${WEEK}`,
        `GET /api/rota/closures?${WEEK}`,
        `GET /api/rota/grid?${WEEK}`,
      ].sort(),
    );
  });

  it('asks for the Duty Manager’s rota of the week the address names, and no grid', async () => {
    const fetchMock = prefetchAt('/rota?week=2025-09-17');

    await expect.poll(() => requests(fetchMock).length).toBe(5);
    const week = 'startDate=2025-09-15&endDate=2025-09-19';
    expect(requests(fetchMock)).toContain(`GET /api/rota?${week}`);
    expect(requests(fetchMock)).toContain(`GET /api/holidays?${week}`);
    expect(requests(fetchMock).some((request) => request.startsWith('GET /api/rota/grid'))).toBe(
      false,
    );
  });

  it('asks for nothing on a draft’s page below /rota', async () => {
    const fetchMock = prefetchAt('/rota/drafts/d-1');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(requests(fetchMock)).toEqual([]);
  });
});

describe('the Today board’s and the Duties page’s prefetch', () => {
  it('asks for today’s board', async () => {
    const fetchMock = prefetchAt('/today');
    await expect.poll(() => requests(fetchMock)).toEqual(['GET /api/rota/today']);
  });

  it('asks an admin for the duties, the templates, the rules and the staff groups, a manager for the first two, and staff for nothing', async () => {
    const admin = prefetchAt('/duties');
    await expect.poll(() => requests(admin).length).toBe(4);
    expect(requests(admin).sort()).toEqual(
      [
        'GET /api/duties',
        'GET /api/duty-rules',
        'GET /api/duty-templates',
        'GET /api/staff-groups',
      ].sort(),
    );

    const manager = prefetchAt('/duties', 'manager');
    await expect.poll(() => requests(manager).length).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(requests(manager).sort()).toEqual(['GET /api/duties', 'GET /api/duty-templates']);

    const staff = prefetchAt('/duties', 'staff');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(requests(staff)).toEqual([]);
  });
});
