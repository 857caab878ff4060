import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import dayjs from 'dayjs';
import { beforeEach, describe, expect, it } from 'vitest';

import { currentUser } from '@/testing/fixtures';
import { renderApp, setupUser, storeToken, stubFetch } from '@/testing/test-utils';

import type { AuditEntryDto, AuditLogPageDto } from '../api';

const createdAt = dayjs('2025-09-08T09:05:00').toISOString();

function entry(id: number, overrides: Partial<AuditEntryDto> = {}): AuditEntryDto {
  return {
    id: String(id),
    createdAt,
    actorName: 'Ada Admin',
    kind: 'staff',
    action: 'staff.created',
    entityId: `s-${id}`,
    summary: `Added staff member Person ${id}`,
    ...overrides,
  };
}

function page(items: AuditEntryDto[], total = items.length, pageNumber = 1): AuditLogPageDto {
  return { items, total, page: pageNumber, pageSize: 25 };
}

type FetchMock = ReturnType<typeof stubFetch>;

/** The query of each request for the audit log, oldest first. */
function auditQueries(fetchMock: FetchMock): Record<string, string>[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/audit-log')
    .map((url) => Object.fromEntries(url.searchParams));
}

function signIn(
  role: 'admin' | 'manager' | 'staff',
  auditLog: Parameters<typeof stubFetch>[0][string],
) {
  storeToken();
  return stubFetch({
    'GET /api/auth/user': { body: currentUser({ user: { role } }) },
    'GET /api/audit-log': auditLog,
  });
}

describe('Activity page', () => {
  let user: UserEvent;

  beforeEach(() => {
    user = setupUser();
  });

  it('lists who changed what and when, newest first as the server sends it', async () => {
    const fetchMock = signIn('admin', {
      body: page([
        entry(2, {
          kind: 'holiday',
          actorName: 'Ben Manager',
          summary: 'Added holiday Christmas Day (Thursday 25 December 2025)',
        }),
        entry(1),
      ]),
    });

    renderApp('/activity');

    expect(await screen.findByRole('heading', { level: 1, name: 'Activity' })).toBeInTheDocument();
    const table = await screen.findByRole('table');
    const rows = await within(table).findAllByRole('row');
    const first = rows[1] as HTMLElement;
    expect(within(first).getByText('Mon 8 Sep 2025, 09:05')).toBeInTheDocument();
    expect(within(first).getByText('Ben Manager')).toBeInTheDocument();
    expect(
      within(first).getByText('Added holiday Christmas Day (Thursday 25 December 2025)'),
    ).toBeInTheDocument();
    expect(within(first).getByText('Holiday')).toBeInTheDocument();
    expect(
      within(rows[2] as HTMLElement).getByText('Added staff member Person 1'),
    ).toBeInTheDocument();
    expect(auditQueries(fetchMock)).toEqual([{ page: '1', pageSize: '25' }]);
  });

  it('says when nothing has happened yet', async () => {
    signIn('manager', { body: page([]) });

    renderApp('/activity');

    expect(await screen.findByText('No activity yet')).toBeInTheDocument();
    // Managers reach the Admin Panel too (its staff and rota sections).
    expect(screen.getByRole('link', { name: 'Back to the Admin Panel' })).toHaveAttribute(
      'href',
      '/staff',
    );
  });

  it('filters by kind, from the first page', async () => {
    const fetchMock = signIn('admin', { body: page([entry(1)]) });
    renderApp('/activity');
    await screen.findByText('Added staff member Person 1');

    await user.click(screen.getByRole('combobox', { name: 'Kind' }));
    await user.click(await screen.findByTitle('Holiday'));

    await waitFor(() =>
      expect(auditQueries(fetchMock)).toContainEqual({
        kind: 'holiday',
        page: '1',
        pageSize: '25',
      }),
    );
  });

  it('pages through a long log', async () => {
    const first = Array.from({ length: 25 }, (_, index) => entry(30 - index));
    const fetchMock = signIn('admin', [
      { body: page(first, 30) },
      { body: page([entry(5)], 30, 2) },
    ]);
    renderApp('/activity');
    await screen.findByText('Added staff member Person 30');

    await user.click(screen.getByRole('listitem', { name: '2' }));

    expect(await screen.findByText('Added staff member Person 5')).toBeInTheDocument();
    expect(auditQueries(fetchMock)).toEqual([
      { page: '1', pageSize: '25' },
      { page: '2', pageSize: '25' },
    ]);
  });

  it('says when the log cannot be loaded', async () => {
    signIn('admin', {
      status: 500,
      body: { statusCode: 500, message: 'Internal server error', error: 'Internal Server Error' },
    });

    renderApp('/activity');

    expect(await screen.findByText('Failed to load the activity log')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('is closed to staff', async () => {
    signIn('staff', { body: page([]) });

    renderApp('/activity');

    expect(await screen.findByRole('region', { name: 'Access Denied' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
