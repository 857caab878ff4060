import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { autoApproval, currentUser, currentWeek } from '@/testing/fixtures';
import { callCount, renderApp, storeToken, stubFetch } from '@/testing/test-utils';

const SECTIONS = [
  'Duty Manager Settings',
  'Email Reminder Settings',
  'Email Template Editor',
  'Email System Testing',
  'Instructions Manager',
  'Auto-Approval Settings',
  'Rota Management',
  'Staff Management',
];

describe('Admin Panel', () => {
  it('shows admins every section in its fixed order, with the staff table last', async () => {
    storeToken();
    stubFetch({
      'GET /api/auth/user': { body: currentUser() },
      'GET /api/staff': { body: [] },
      'GET /api/current-week': { body: currentWeek() },
      'GET /api/auto-approval-settings': { body: autoApproval() },
      'GET /api/email-reminder-settings': {
        body: {
          enabled: true,
          time: '08:30',
          hoursAdvance: 24,
          timeZone: 'Europe/London',
          nextReminder: null,
        },
      },
      'GET /api/email-deliveries': { body: { testMode: true, emails: [] } },
    });

    renderApp('/staff');

    const main = await screen.findByRole('main');
    expect(
      await within(main).findByRole('heading', { level: 1, name: 'Admin Panel' }),
    ).toBeInTheDocument();
    const sections = within(main)
      .getAllByRole('heading', { level: 2 })
      .map((heading) => heading.textContent);
    expect(sections).toEqual(SECTIONS);
    expect(within(main).queryByText('Coming soon.')).not.toBeInTheDocument();
    const autoApprovalCard = within(main).getByRole('region', { name: 'Auto-Approval Settings' });
    expect(
      await within(autoApprovalCard).findByRole('list', { name: 'Saved auto-approval settings' }),
    ).toHaveTextContent('Auto-approve swap requestsOff');
    expect(within(autoApprovalCard).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(within(main).getByRole('button', { name: 'Fill Unassigned Dates' })).toBeInTheDocument();
    const staff = within(main).getByRole('region', { name: 'Staff Management' });
    expect(await within(staff).findByText('No staff members yet')).toBeInTheDocument();
    expect(within(staff).getByRole('button', { name: 'Add Staff Member' })).toBeInTheDocument();
    expect(within(staff).getByRole('button', { name: 'Import CSV' })).toBeInTheDocument();
    expect(within(main).getByRole('link', { name: 'Activity log' })).toHaveAttribute(
      'href',
      '/activity',
    );
  });

  it.each([['staff'], ['manager']])(
    'shows a %s user the Access Denied card instead',
    async (role) => {
      storeToken();
      const fetchMock = stubFetch({
        'GET /api/auth/user': { body: currentUser({ user: { role: role as 'staff' } }) },
      });

      renderApp('/staff');

      const card = await screen.findByRole('region', { name: 'Access Denied' });
      expect(
        within(card).getByText("You don't have administrator permissions to access this section."),
      ).toBeInTheDocument();
      expect(
        within(card).getByText(
          'Contact your system administrator if you need access to these features.',
        ),
      ).toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'Staff Management' })).not.toBeInTheDocument();
      expect(callCount(fetchMock, 'GET /api/staff')).toBe(0);
    },
  );
});
