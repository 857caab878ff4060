import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import type { Role } from '@/shared/auth/access';
import { currentUser, dutyManagerDuty } from '@/testing/fixtures';
import { callCount, renderApp, storeToken, stubFetch } from '@/testing/test-utils';

const dutyManager = dutyManagerDuty();

function stubDuties(role: Role) {
  storeToken();
  return stubFetch({
    'GET /api/auth/user': { body: currentUser({ user: { role } }) },
    'GET /api/duties': { body: [dutyManager] },
    'GET /api/staff-groups': { body: [{ id: 'g-slt', name: 'SLT', members: [] }] },
    'GET /api/duty-templates': { body: [] },
    'GET /api/duty-rules': { body: { maxDutiesPerDay: 1, allDayDutiesCount: true } },
  });
}

function mainNav() {
  return screen.getByRole('navigation', { name: 'Main navigation' });
}

describe('the Duties page in the app', () => {
  it('is in the navigation after Weekly Rota for an admin, with the staff groups beside it', async () => {
    stubDuties('admin');
    renderApp('/duties');

    expect(await screen.findByRole('heading', { level: 1, name: 'Duties' })).toBeInTheDocument();
    expect(await screen.findByRole('listitem', { name: 'Duty Manager' })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Staff Groups' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Daily rules' })).toBeInTheDocument();
    const links = within(mainNav())
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(links.indexOf('Duties')).toBe(links.indexOf('Weekly Rota') + 1);
    expect(within(mainNav()).getByRole('link', { name: 'Duties' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('is for managers too, without the staff groups or the daily rules', async () => {
    const fetchMock = stubDuties('manager');
    renderApp('/duties');

    expect(await screen.findByRole('listitem', { name: 'Duty Manager' })).toBeInTheDocument();
    expect(within(mainNav()).getByRole('link', { name: 'Duties' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Staff Groups' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Daily rules' })).toBeNull();
    expect(callCount(fetchMock, 'GET /api/duty-rules')).toBe(0);
  });

  it('is not in a staff member’s navigation, and shows them the Access Denied card', async () => {
    const fetchMock = stubDuties('staff');
    renderApp('/duties');

    expect(await screen.findByRole('region', { name: 'Access Denied' })).toBeInTheDocument();
    expect(within(mainNav()).queryByRole('link', { name: 'Duties' })).toBeNull();
    expect(within(mainNav()).getByRole('link', { name: 'Weekly Rota' })).toBeInTheDocument();
    expect(callCount(fetchMock, 'GET /api/duties')).toBe(0);
  });
});
