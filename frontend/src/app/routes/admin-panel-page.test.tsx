import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { ADMIN_PANEL_PERMISSIONS, accessFor, ROLES } from '@/shared/auth/access';
import {
  academicYears,
  autoApproval,
  currentUser,
  currentWeek,
  staffMember,
} from '@/testing/fixtures';
import { callCount, renderApp, setupUser, storeToken, stubFetch } from '@/testing/test-utils';

import { ADMIN_PANEL_SECTIONS } from './admin-panel-page';

const SECTIONS = [
  'Duty Manager Settings',
  'Rota rules',
  'Email Reminder Settings',
  'Email Template Editor',
  'Email System Testing',
  'Instructions Manager',
  'Auto-Approval Settings',
  'Sign-in',
  'Organisation data',
  "Leavers' data",
  'Rota Management',
  'Staff Management',
  'Delete this organisation',
];

/** What an admin's Admin Panel reads as it opens. */
function stubAdminPanel() {
  return stubFetch({
    'GET /api/auth/user': { body: currentUser() },
    'GET /api/organization/deletion': {
      body: { pending: false, requestedAt: null, dueAt: null, dueDate: null },
    },
    'GET /api/organization-import': { body: { canImport: false } },
    'GET /api/staff': { body: [] },
    'GET /api/current-week': { body: currentWeek() },
    'GET /api/academic-years': { body: academicYears() },
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
}

/** The links of the list of sections at the top of the panel. */
async function sectionLinks(): Promise<HTMLElement[]> {
  const list = await screen.findByRole('navigation', { name: 'Admin Panel sections' });
  return within(list).getAllByRole('link');
}

describe('Admin Panel', () => {
  it('shows admins every section in its fixed order, with the staff table and then the danger zone last', async () => {
    storeToken();
    stubFetch({
      'GET /api/auth/user': { body: currentUser() },
      'GET /api/organization/deletion': {
        body: { pending: false, requestedAt: null, dueAt: null, dueDate: null },
      },
      'GET /api/organization-import': { body: { canImport: false } },
      'GET /api/staff': { body: [] },
      'GET /api/current-week': { body: currentWeek() },
      'GET /api/academic-years': { body: academicYears() },
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
      'GET /api/settings/two-factor-requirement': {
        body: { requireAdminTwoFactor: false, adminsWithoutTwoFactor: 1 },
      },
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

  it('lists every section by its own title, in the page order, each linking to its section', async () => {
    storeToken();
    stubAdminPanel();

    renderApp('/staff');

    const links = await sectionLinks();
    expect(links.map((link) => link.textContent)).toEqual(SECTIONS);
    const main = screen.getByRole('main');
    expect(
      within(main)
        .getAllByRole('heading', { level: 2 })
        .map((heading) => heading.textContent),
    ).toEqual(links.map((link) => link.textContent));
    for (const link of links) {
      const target = document.getElementById(link.getAttribute('href')!.replace(/^#/, ''));
      expect(target).not.toBeNull();
      expect(within(target!).getByRole('region', { name: link.textContent! })).toBeInTheDocument();
    }
  });

  it('takes the keyboard from the list to the section it names, leaving the address to the router', async () => {
    // jsdom has no scrollIntoView: a stand-in records which element was asked to scroll, and how.
    const scrollIntoView = vi.fn();
    Object.defineProperty(HTMLElement.prototype, 'scrollIntoView', {
      configurable: true,
      value: scrollIntoView,
    });
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    try {
      storeToken();
      stubAdminPanel();
      const user = setupUser();

      const { router } = renderApp('/staff');

      const link = (await sectionLinks()).find((each) => each.textContent === 'Staff Management')!;
      link.focus();
      await user.keyboard('{Enter}');

      const section = screen.getByRole('region', { name: 'Staff Management' }).parentElement;
      expect(section).toHaveFocus();
      expect(scrollIntoView.mock.contexts).toEqual([section]);
      // Smoothly: this person has not asked for less motion.
      expect(scrollIntoView).toHaveBeenCalledWith({ block: 'start', behavior: 'smooth' });
      // Not antd's own animation, nor a history entry behind the router's back.
      expect(scrollTo).not.toHaveBeenCalled();
      expect(window.location.hash).toBe('');
      expect(router.state.location.pathname).toBe('/staff');
      // The list marks the section followed (the last ones cannot reach the top of the page,
      // where marking by scroll position looks) until the person scrolls.
      await waitFor(() => expect(link).toHaveClass('ant-anchor-link-title-active'));
      fireEvent.wheel(window);
      await waitFor(() => expect(link).not.toHaveClass('ant-anchor-link-title-active'));
    } finally {
      delete (HTMLElement.prototype as Partial<HTMLElement>).scrollIntoView;
    }
  });

  it.each([
    ['staff-management', 'Staff Management'],
    ['rota-management', 'Rota Management'],
  ])(
    'takes the keyboard focus to the section a link names, as /staff#%s',
    async (anchor, title) => {
      storeToken();
      stubFetch({
        'GET /api/auth/user': { body: currentUser() },
        'GET /api/staff': { body: [] },
        'GET /api/current-week': { body: currentWeek() },
        'GET /api/academic-years': { body: academicYears() },
        // Stubbed: this read alone retries a failure, a second later (after this test).
        'GET /api/auto-approval-settings': { body: autoApproval() },
      });

      renderApp(`/staff#${anchor}`);

      const section = await screen.findByRole('region', { name: title });
      await waitFor(() => expect(section.parentElement).toHaveFocus());
      expect(section.parentElement).toHaveAttribute('id', anchor);
    },
  );

  it('shows a manager Rota Management and Staff Management, and none of the settings', async () => {
    storeToken();
    const fetchMock = stubFetch({
      'GET /api/auth/user': { body: currentUser({ user: { role: 'manager' } }) },
      'GET /api/staff': { body: [staffMember('s-1', 'Ann Lee', { role: 'staff' })] },
      'GET /api/current-week': { body: currentWeek() },
      'GET /api/academic-years': { body: academicYears() },
    });

    renderApp('/staff');

    const main = await screen.findByRole('main');
    expect(
      await within(main).findByRole('heading', { level: 1, name: 'Admin Panel' }),
    ).toBeInTheDocument();
    expect(
      within(main)
        .getAllByRole('heading', { level: 2 })
        .map((heading) => heading.textContent),
    ).toEqual(['Rota Management', 'Staff Management']);
    expect((await sectionLinks()).map((link) => link.textContent)).toEqual([
      'Rota Management',
      'Staff Management',
    ]);
    expect(screen.queryByRole('region', { name: 'Access Denied' })).not.toBeInTheDocument();
    expect(within(main).getByRole('button', { name: 'Fill Unassigned Dates' })).toBeInTheDocument();
    const staff = within(main).getByRole('region', { name: 'Staff Management' });
    expect(await within(staff).findByRole('cell', { name: 'Ann Lee' })).toBeInTheDocument();
    expect(within(staff).getByRole('button', { name: 'Add Staff Member' })).toBeInTheDocument();
    // Roles are the admins' to change: the manager reads Ann's, with nothing to pick.
    expect(within(staff).getByRole('cell', { name: 'Staff' })).toBeInTheDocument();
    expect(within(staff).queryByRole('combobox', { name: 'Role for Ann Lee' })).toBeNull();
    expect(within(main).getByRole('link', { name: 'Activity log' })).toBeInTheDocument();
    // No settings card, so none of their data is asked for.
    for (const request of [
      'GET /api/auto-approval-settings',
      'GET /api/email-reminder-settings',
      'GET /api/email-deliveries',
      'GET /api/email-template',
    ]) {
      expect(callCount(fetchMock, request)).toBe(0);
    }
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Admin' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('shows a staff user the Access Denied card instead', async () => {
    storeToken();
    const fetchMock = stubFetch({
      'GET /api/auth/user': { body: currentUser({ user: { role: 'staff' } }) },
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
    expect(screen.queryByRole('heading', { name: 'Rota Management' })).not.toBeInTheDocument();
    expect(callCount(fetchMock, 'GET /api/staff')).toBe(0);
    expect(callCount(fetchMock, 'GET /api/current-week')).toBe(0);
  });

  it.each(ROLES)('opens for a %s exactly when one of its sections does', (role) => {
    const access = accessFor(role);
    if (access.status !== 'ready') throw new Error('expected ready');
    expect(access.can('admin.panel')).toBe(
      ADMIN_PANEL_SECTIONS.some(({ permission }) => access.can(permission)),
    );
  });

  it('has a section for every permission that opens it', () => {
    expect(new Set(ADMIN_PANEL_SECTIONS.map(({ permission }) => permission))).toEqual(
      new Set(ADMIN_PANEL_PERMISSIONS),
    );
  });
});
