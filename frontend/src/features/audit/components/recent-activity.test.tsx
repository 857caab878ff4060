import { screen, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { AccessContext, accessFor } from '@/shared/auth/access';
import { callCount, renderWithProviders, setupUser, stubFetch } from '@/testing/test-utils';

import type { AuditEntryDto, AuditLogPageDto } from '../api';
import { RecentActivity, timeAgo } from './recent-activity';

// The browser's clock, pinned below: Monday 8 September 2025, 09:00 local time.
const NOW = new Date(2025, 8, 8, 9, 0);

function minutesAgo(minutes: number): string {
  return dayjs(NOW).subtract(minutes, 'minute').toISOString();
}

function entry(id: number, minutes: number, overrides: Partial<AuditEntryDto> = {}): AuditEntryDto {
  return {
    id: String(id),
    createdAt: minutesAgo(minutes),
    actorName: 'Ada Admin',
    kind: 'staff',
    action: 'staff.created',
    entityId: `s-${id}`,
    summary: `Added staff member Person ${id}`,
    ...overrides,
  };
}

function page(items: AuditEntryDto[]): AuditLogPageDto {
  return { items, total: items.length, page: 1, pageSize: 5 };
}

type FetchMock = ReturnType<typeof stubFetch>;

function auditQueries(fetchMock: FetchMock): Record<string, string>[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/audit-log')
    .map((url) => Object.fromEntries(url.searchParams));
}

function renderCard(role: string, auditLog: Parameters<typeof stubFetch>[0][string]) {
  const fetchMock = stubFetch({ 'GET /api/audit-log': auditLog });
  const rendered = renderWithProviders(
    <AccessContext value={accessFor(role)}>
      <RecentActivity />
    </AccessContext>,
    '/',
  );
  return { fetchMock, ...rendered };
}

describe('Recent Activity card', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the five newest entries in plain words, newest first', async () => {
    const { fetchMock } = renderCard('admin', {
      body: page([
        entry(3, 90, {
          actorName: 'Ben Manager',
          summary: 'Added holiday Christmas Day (Thursday 25 December 2025)',
        }),
        entry(6, 0),
        entry(1, 3 * 24 * 60),
        entry(5, 5),
        entry(2, 2 * 24 * 60),
        entry(4, 60),
        entry(0, 4 * 24 * 60),
      ]),
    });

    const region = screen.getByRole('region', { name: 'Recent Activity' });
    const list = await within(region).findByRole('list', { name: 'Recent activity' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Added staff member Person 6Ada Admin · Just now',
      'Added staff member Person 5Ada Admin · 5 minutes ago',
      'Added staff member Person 4Ada Admin · 1 hour ago',
      'Added holiday Christmas Day (Thursday 25 December 2025)Ben Manager · 1 hour ago',
      'Added staff member Person 2Ada Admin · Sat 6 Sep 2025, 09:00',
    ]);
    expect(screen.queryByText('Added staff member Person 1')).not.toBeInTheDocument();
    expect(auditQueries(fetchMock)).toEqual([{ page: '1', pageSize: '5' }]);
  });

  it('links to the whole log', async () => {
    const { router } = renderCard('manager', { body: page([entry(1, 5)]) });
    const user = setupUser();

    await user.click(await screen.findByRole('link', { name: 'View all activity' }));

    expect(router.state.location.pathname).toBe('/activity');
  });

  it('says when nothing has happened yet', async () => {
    renderCard('admin', { body: page([]) });

    expect(await screen.findByText('No activity yet')).toBeInTheDocument();
  });

  it('offers a retry when the log cannot be loaded', async () => {
    const user = setupUser();
    renderCard('admin', [
      {
        status: 500,
        body: { statusCode: 500, message: 'Internal server error', error: 'Internal Server Error' },
      },
      { body: page([entry(1, 5)]) },
    ]);

    expect(await screen.findByText('Failed to load recent activity')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));

    expect(await screen.findByText('Added staff member Person 1')).toBeInTheDocument();
  });

  it('does not ask for the log on behalf of staff, who may not read it', async () => {
    const { fetchMock } = renderCard('staff', { status: 403, body: {} });

    const region = screen.getByRole('region', { name: 'Recent Activity' });
    expect(
      within(region).getByText(
        'Administrators and managers see the latest changes to staff, holidays and the rota here.',
      ),
    ).toBeInTheDocument();
    expect(within(region).queryByRole('link')).not.toBeInTheDocument();
    expect(callCount(fetchMock, 'GET /api/audit-log')).toBe(0);
  });
});

describe('timeAgo', () => {
  const now = dayjs('2025-09-08T09:00:00');

  it('reads recent instants relative to now and older ones as a date and time', () => {
    expect(timeAgo(now.add(30, 'second').toISOString(), now)).toBe('Just now');
    expect(timeAgo(now.subtract(59, 'second').toISOString(), now)).toBe('Just now');
    expect(timeAgo(now.subtract(1, 'minute').toISOString(), now)).toBe('1 minute ago');
    expect(timeAgo(now.subtract(59, 'minute').toISOString(), now)).toBe('59 minutes ago');
    expect(timeAgo(now.subtract(2, 'hour').toISOString(), now)).toBe('2 hours ago');
    expect(timeAgo(now.subtract(24, 'hour').toISOString(), now)).toBe('Sun 7 Sep 2025, 09:00');
    expect(timeAgo('not a date', now)).toBe('Invalid date');
  });
});
