import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import { AccessContext, accessFor } from '@/shared/auth/access';
import {
  callCount,
  fill,
  renderWithProviders,
  sentBodies,
  setupUser,
  stubFetch,
} from '@/testing/test-utils';

import type { StaffDto } from '../api';
import { StaffManagement } from './staff-management';

const ann: StaffDto = {
  id: 's-1',
  name: 'Ann Lee',
  email: 'ann.lee@hillside.example',
  department: 'Science',
  isActive: true,
  isTeaching: true,
  userId: 'u-2',
  role: 'staff',
  inviteStatus: 'active',
  workingDays: [1, 2, 3, 4, 5],
  fte: null,
  weeklyCap: null,
  avoidDays: [],
};

const bob: StaffDto = {
  id: 's-2',
  name: 'Bob Stone',
  email: 'bob.stone@hillside.example',
  department: null,
  isActive: true,
  isTeaching: false,
  userId: null,
  role: null,
  inviteStatus: 'not_invited',
  workingDays: [1, 2, 3, 4, 5],
  fte: null,
  weeklyCap: null,
  avoidDays: [],
};

const cat: StaffDto = {
  id: 's-3',
  name: 'Cat Rowe',
  email: 'cat.rowe@hillside.example',
  department: 'English',
  isActive: false,
  isTeaching: true,
  userId: null,
  role: null,
  inviteStatus: 'not_invited',
  workingDays: [1, 2, 3, 4, 5],
  fte: null,
  weeklyCap: null,
  avoidDays: [],
};

function renderStaff(role = 'admin') {
  return renderWithProviders(
    <AccessContext value={accessFor(role)}>
      <StaffManagement />
    </AccessContext>,
    '/staff',
  );
}

function rowOf(name: string): HTMLElement {
  const row = screen.getByRole('cell', { name }).closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return row;
}

async function openAddDialog(user: UserEvent) {
  await user.click(await screen.findByRole('button', { name: 'Add Staff Member' }));
  return screen.findByRole('dialog', { name: 'Add Staff Member' });
}

describe('Staff Management', () => {
  let user: UserEvent;

  beforeEach(() => {
    user = setupUser();
  });

  it('lists staff with their type, status, role and sign-in state, dimming inactive people', async () => {
    stubFetch({ 'GET /api/staff': { body: [ann, bob, cat] } });
    renderStaff();

    expect(await screen.findByRole('cell', { name: 'Ann Lee' })).toBeInTheDocument();
    const annRow = rowOf('Ann Lee');
    expect(within(annRow).getByText('ann.lee@hillside.example')).toBeInTheDocument();
    expect(within(annRow).getByText('Science')).toBeInTheDocument();
    expect(within(annRow).getByText('Teaching')).toBeInTheDocument();
    expect(within(annRow).getByText('Active')).toBeInTheDocument();
    expect(within(annRow).getByText('Can sign in')).toBeInTheDocument();
    expect(within(annRow).getByRole('combobox', { name: 'Role for Ann Lee' })).toBeInTheDocument();
    expect(within(annRow).getByRole('button', { name: 'Deactivate Ann Lee' })).toBeInTheDocument();
    expect(within(annRow).queryByRole('button', { name: /invite/i })).not.toBeInTheDocument();
    expect(annRow).not.toHaveStyle({ background: '#f0f0f0' });

    const bobRow = rowOf('Bob Stone');
    expect(within(bobRow).getByText('Non-Teaching')).toBeInTheDocument();
    expect(within(bobRow).getByText('Not invited')).toBeInTheDocument();
    expect(within(bobRow).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(bobRow).getByRole('button', { name: 'Invite Bob Stone' })).toBeInTheDocument();

    const catRow = rowOf('Cat Rowe');
    expect(within(catRow).getByText('Inactive')).toBeInTheDocument();
    expect(within(catRow).getByRole('button', { name: 'Reactivate Cat Rowe' })).toBeInTheDocument();
    expect(catRow).toHaveStyle({ background: '#f0f0f0' });
  });

  it('shows the role as text to managers, who cannot change roles', async () => {
    stubFetch({ 'GET /api/staff': { body: [ann] } });
    renderStaff('manager');

    const cell = await screen.findByRole('cell', { name: 'Ann Lee' });
    const row = cell.closest('tr') as HTMLElement;
    expect(within(row).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(row).getByText('Staff')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Edit Ann Lee' })).toBeInTheDocument();
  });

  it('says when there are no staff members yet', async () => {
    stubFetch({ 'GET /api/staff': { body: [] } });
    renderStaff();

    expect(await screen.findByText('No staff members yet')).toBeInTheDocument();
  });

  it('says when the list cannot be loaded, and tries again', async () => {
    const fetchMock = stubFetch({
      'GET /api/staff': [
        { status: 500, body: { statusCode: 500, message: 'Database down' } },
        { body: [ann] },
      ],
    });
    renderStaff();

    expect(await screen.findByText('Failed to load staff members')).toBeInTheDocument();
    expect(screen.getByText('Database down')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('cell', { name: 'Ann Lee' })).toBeInTheDocument();
    expect(callCount(fetchMock, 'GET /api/staff')).toBe(2);
  });

  describe('adding', () => {
    it('focuses the name field and checks the fields before sending', async () => {
      const fetchMock = stubFetch({ 'GET /api/staff': { body: [] } });
      renderStaff();

      const dialog = await openAddDialog(user);

      await waitFor(() => expect(within(dialog).getByLabelText('Name')).toHaveFocus());
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));

      expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
      expect(within(dialog).getByText('Email is required')).toBeInTheDocument();

      await fill(user, within(dialog).getByLabelText('Email'), 'ann@');
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));

      expect(
        await within(dialog).findByText('Please enter a valid email address'),
      ).toBeInTheDocument();
      expect(callCount(fetchMock, 'POST /api/staff')).toBe(0);
    });

    it('adds a staff member, inviting them, and reloads the list', async () => {
      const added: StaffDto = {
        ...bob,
        isTeaching: false,
        inviteStatus: 'invited',
        userId: 'u-9',
        role: 'staff',
      };
      const fetchMock = stubFetch({
        'GET /api/staff': [{ body: [] }, { body: [added] }],
        'POST /api/staff': { status: 201, body: added },
      });
      renderStaff();
      const dialog = await openAddDialog(user);

      await fill(user, within(dialog).getByLabelText('Name'), '  Bob Stone ');
      await fill(user, within(dialog).getByLabelText('Email'), 'bob.stone@hillside.example');
      await fill(user, within(dialog).getByLabelText('Department'), 'Site team');
      await user.click(within(dialog).getByRole('radio', { name: 'Non-Teaching' }));
      await user.click(within(dialog).getByRole('checkbox', { name: 'Invite them to sign in' }));
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));

      expect(await screen.findByText('Staff member added successfully')).toBeInTheDocument();
      expect(sentBodies(fetchMock, 'POST /api/staff')).toEqual([
        {
          name: 'Bob Stone',
          email: 'bob.stone@hillside.example',
          department: 'Site team',
          isTeaching: false,
          invite: true,
          workingDays: [1, 2, 3, 4, 5],
          fte: null,
          weeklyCap: null,
          avoidDays: [],
        },
      ]);
      expect(await screen.findByRole('cell', { name: 'Bob Stone' })).toBeInTheDocument();
      await waitFor(() =>
        expect(screen.queryByRole('dialog', { name: 'Add Staff Member' })).not.toBeInTheDocument(),
      );
    });

    it("shows the server's reason when adding fails", async () => {
      stubFetch({
        'GET /api/staff': { body: [] },
        'POST /api/staff': {
          status: 409,
          body: {
            statusCode: 409,
            message: 'A staff member with this email already exists',
            error: 'Conflict',
          },
        },
      });
      renderStaff();
      const dialog = await openAddDialog(user);

      await fill(user, within(dialog).getByLabelText('Name'), 'Ann Lee');
      await fill(user, within(dialog).getByLabelText('Email'), 'ann.lee@hillside.example');
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));

      const alert = await screen.findByRole('alert');
      expect(within(alert).getByText('Error')).toBeInTheDocument();
      expect(
        within(alert).getByText('A staff member with this email already exists'),
      ).toBeInTheDocument();
      expect(screen.getByRole('dialog', { name: 'Add Staff Member' })).toBeInTheDocument();
    });

    it('falls back to a general reason without one from the server', async () => {
      stubFetch({ 'GET /api/staff': { body: [] }, 'POST /api/staff': { networkError: true } });
      renderStaff();
      const dialog = await openAddDialog(user);

      await fill(user, within(dialog).getByLabelText('Name'), 'Ann Lee');
      await fill(user, within(dialog).getByLabelText('Email'), 'ann.lee@hillside.example');
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));

      const alert = await screen.findByRole('alert');
      expect(within(alert).getByText('Failed to add staff member')).toBeInTheDocument();
    });
  });

  // Bob, not Ann: jsdom gives antd's generated ids all one value, so Ann's role select would
  // take the id the dialog's title is found by.
  it('edits a staff member in the Edit Staff Member dialog, inviting them too', async () => {
    const fetchMock = stubFetch({
      'GET /api/staff': { body: [bob] },
      'PUT /api/staff/s-2': { body: { ...bob, department: 'Site team' } },
    });
    renderStaff();

    await user.click(await screen.findByRole('button', { name: 'Edit Bob Stone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Staff Member' });

    await waitFor(() => expect(within(dialog).getByLabelText('Name')).toHaveFocus());
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Bob Stone');
    expect(within(dialog).getByLabelText('Email')).toHaveValue('bob.stone@hillside.example');
    expect(within(dialog).getByLabelText('Department')).toHaveValue('');
    expect(within(dialog).getByRole('radio', { name: 'Non-Teaching' })).toBeChecked();

    await fill(user, within(dialog).getByLabelText('Department'), 'Site team');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Invite them to sign in' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Staff member updated successfully')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'PUT /api/staff/s-2')).toEqual([
      {
        name: 'Bob Stone',
        email: 'bob.stone@hillside.example',
        department: 'Site team',
        isTeaching: false,
        workingDays: [1, 2, 3, 4, 5],
        fte: null,
        weeklyCap: null,
        avoidDays: [],
        invite: true,
      },
    ]);
  });

  it('does not offer to invite someone who can already sign in', async () => {
    stubFetch({ 'GET /api/staff': { body: [{ ...ann, role: null }] } });
    renderStaff();

    await user.click(await screen.findByRole('button', { name: 'Edit Ann Lee' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Staff Member' });

    expect(within(dialog).getByRole('radio', { name: 'Teaching' })).toBeChecked();
    expect(
      within(dialog).queryByRole('checkbox', { name: 'Invite them to sign in' }),
    ).not.toBeInTheDocument();
  });

  describe('deactivating and reactivating', () => {
    it('deactivates after confirmation', async () => {
      const fetchMock = stubFetch({
        'GET /api/staff': [{ body: [ann] }, { body: [{ ...ann, isActive: false }] }],
        'PUT /api/staff/s-1': { body: { ...ann, isActive: false } },
      });
      renderStaff();

      await user.click(await screen.findByRole('button', { name: 'Deactivate Ann Lee' }));

      expect(await screen.findByText('Deactivate Ann Lee?')).toBeInTheDocument();
      expect(callCount(fetchMock, 'PUT /api/staff/s-1')).toBe(0);

      await user.click(screen.getByRole('button', { name: 'Deactivate' }));

      expect(await screen.findByText('Staff member deactivated')).toBeInTheDocument();
      expect(sentBodies(fetchMock, 'PUT /api/staff/s-1')).toEqual([{ isActive: false }]);
      expect(await screen.findByRole('button', { name: 'Reactivate Ann Lee' })).toBeInTheDocument();
    });

    it('says, in the one toast, what deactivating did to the rota when it took them off duties', async () => {
      const message = 'Deactivating Ann Lee removed 3 duties on 9–11 Sep; 3 refilled.';
      stubFetch({
        'GET /api/staff': [{ body: [ann] }, { body: [{ ...ann, isActive: false }] }],
        'PUT /api/staff/s-1': {
          body: {
            ...ann,
            isActive: false,
            rotaChange: {
              removedDuties: 3,
              refilledDuties: 3,
              dates: ['2025-09-09', '2025-09-10', '2025-09-11'],
              message,
            },
          },
        },
      });
      renderStaff();

      await user.click(await screen.findByRole('button', { name: 'Deactivate Ann Lee' }));
      await user.click(await screen.findByRole('button', { name: 'Deactivate' }));

      expect(await screen.findByText(message)).toBeInTheDocument();
      expect(screen.queryByText('Staff member deactivated')).not.toBeInTheDocument();
    });

    it('works from the keyboard: Enter opens the confirmation, Enter confirms', async () => {
      const fetchMock = stubFetch({
        'GET /api/staff': [{ body: [ann] }, { body: [{ ...ann, isActive: false }] }],
        'PUT /api/staff/s-1': { body: { ...ann, isActive: false } },
      });
      renderStaff();

      (await screen.findByRole('button', { name: 'Deactivate Ann Lee' })).focus();
      await user.keyboard('{Enter}');

      const confirm = await screen.findByRole('button', { name: 'Deactivate' });
      await waitFor(() => expect(confirm).toHaveFocus());
      await user.keyboard('{Enter}');

      expect(await screen.findByText('Staff member deactivated')).toBeInTheDocument();
      expect(sentBodies(fetchMock, 'PUT /api/staff/s-1')).toEqual([{ isActive: false }]);
      // Focus is back on the row's button, which now offers the way back.
      const reactivate = await screen.findByRole('button', { name: 'Reactivate Ann Lee' });
      await waitFor(() => expect(reactivate).toHaveFocus());
    });

    it('sends nothing when the confirmation is cancelled', async () => {
      const fetchMock = stubFetch({ 'GET /api/staff': { body: [ann] } });
      renderStaff();

      await user.click(await screen.findByRole('button', { name: 'Deactivate Ann Lee' }));
      await user.click(await screen.findByRole('button', { name: 'Cancel' }));

      expect(callCount(fetchMock, 'PUT /api/staff/s-1')).toBe(0);
    });

    it('explains why the last admin cannot be deactivated', async () => {
      const message =
        'Ann Lee is the last active admin and cannot be deactivated. Make someone else an admin first.';
      stubFetch({
        'GET /api/staff': { body: [{ ...ann, role: 'admin' }] },
        'PUT /api/staff/s-1': {
          status: 409,
          body: { statusCode: 409, message, error: 'Conflict' },
        },
      });
      renderStaff();

      await user.click(await screen.findByRole('button', { name: 'Deactivate Ann Lee' }));
      await user.click(await screen.findByRole('button', { name: 'Deactivate' }));

      const alert = await screen.findByRole('alert');
      expect(within(alert).getByText(message)).toBeInTheDocument();
    });

    it('reactivates an inactive staff member', async () => {
      const fetchMock = stubFetch({
        'GET /api/staff': { body: [cat] },
        'PUT /api/staff/s-3': { body: { ...cat, isActive: true } },
      });
      renderStaff();

      await user.click(await screen.findByRole('button', { name: 'Reactivate Cat Rowe' }));
      await user.click(await screen.findByRole('button', { name: 'Reactivate' }));

      expect(await screen.findByText('Staff member reactivated')).toBeInTheDocument();
      expect(sentBodies(fetchMock, 'PUT /api/staff/s-3')).toEqual([{ isActive: true }]);
    });
  });

  it('invites someone to sign in', async () => {
    const fetchMock = stubFetch({
      'GET /api/staff': { body: [bob] },
      'POST /api/staff/s-2/invite': { status: 201, body: { ...bob, inviteStatus: 'invited' } },
    });
    renderStaff();

    await user.click(await screen.findByRole('button', { name: 'Invite Bob Stone' }));

    expect(await screen.findByText('Invitation sent')).toBeInTheDocument();
    expect(callCount(fetchMock, 'POST /api/staff/s-2/invite')).toBe(1);
  });

  it('offers a new link to someone invited who has not signed in yet', async () => {
    stubFetch({ 'GET /api/staff': { body: [{ ...bob, inviteStatus: 'invited', role: 'staff' }] } });
    renderStaff();

    expect(await screen.findByRole('button', { name: 'Re-invite Bob Stone' })).toBeInTheDocument();
    expect(screen.getByText('Invited')).toBeInTheDocument();
  });

  it('changes a role', async () => {
    const fetchMock = stubFetch({
      'GET /api/staff': { body: [ann] },
      'PUT /api/staff/s-1/role': { body: { ...ann, role: 'manager' } },
    });
    renderStaff();

    await user.click(await screen.findByRole('combobox', { name: 'Role for Ann Lee' }));
    await user.click(await screen.findByTitle('Manager'));

    expect(await screen.findByText('Role updated')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'PUT /api/staff/s-1/role')).toEqual([{ role: 'manager' }]);
  });

  describe('finding and inviting several people', () => {
    const dee: StaffDto = {
      ...bob,
      id: 's-4',
      name: 'Dee Dunn',
      email: 'dee@hillside.example',
      inviteStatus: 'invited',
      role: 'staff',
      userId: 'u-4',
    };

    it('lists only those matching every word searched, and whom "Show" picks', async () => {
      stubFetch({ 'GET /api/staff': { body: [ann, bob, cat, dee] } });
      renderStaff();
      expect(await screen.findByRole('cell', { name: 'Ann Lee' })).toBeInTheDocument();

      await fill(user, screen.getByRole('searchbox', { name: 'Search staff' }), 'SCIENCE');
      await waitFor(() =>
        expect(screen.queryByRole('cell', { name: 'Bob Stone' })).not.toBeInTheDocument(),
      );
      expect(screen.getByRole('cell', { name: 'Ann Lee' })).toBeInTheDocument();
      expect(screen.getByText('1 of 4')).toBeInTheDocument();

      await fill(user, screen.getByRole('searchbox', { name: 'Search staff' }), 'nobody here');
      expect(await screen.findByText('No staff members match')).toBeInTheDocument();

      await user.clear(screen.getByRole('searchbox', { name: 'Search staff' }));
      await user.click(screen.getByRole('combobox', { name: 'Show' }));
      await user.click(await screen.findByTitle('Not signed in yet'));
      await waitFor(() =>
        expect(screen.queryByRole('cell', { name: 'Ann Lee' })).not.toBeInTheDocument(),
      );
      expect(screen.getByRole('cell', { name: 'Bob Stone' })).toBeInTheDocument();
      expect(screen.getByRole('cell', { name: 'Dee Dunn' })).toBeInTheDocument();
      // A leaver is not waiting to sign in.
      expect(screen.queryByRole('cell', { name: 'Cat Rowe' })).not.toBeInTheDocument();

      await user.click(
        screen.getByRole('button', { name: 'Choose everyone listed who can be invited (2)' }),
      );
      expect(screen.getByRole('checkbox', { name: 'Choose Bob Stone' })).toBeChecked();
      expect(screen.getByRole('checkbox', { name: 'Choose Dee Dunn' })).toBeChecked();
      expect(
        screen.getByRole('button', { name: 'Invite 2 people to sign in' }),
      ).toBeInTheDocument();
    });

    it('invites everyone chosen at once and says who could not be invited and why', async () => {
      const fetchMock = stubFetch({
        'GET /api/staff': { body: [ann, bob, cat, dee] },
        'POST /api/staff/s-2/invite': { status: 201, body: { ...bob, inviteStatus: 'invited' } },
        'POST /api/staff/s-4/invite': {
          status: 409,
          body: { statusCode: 409, error: 'Conflict', message: 'Dee Dunn can already sign in.' },
        },
      });
      renderStaff();
      expect(await screen.findByRole('cell', { name: 'Ann Lee' })).toBeInTheDocument();
      // Only those who can be invited can be chosen.
      expect(screen.getByRole('checkbox', { name: 'Choose Ann Lee' })).toBeDisabled();
      expect(screen.getByRole('checkbox', { name: 'Choose Cat Rowe' })).toBeDisabled();

      await user.click(screen.getByRole('checkbox', { name: 'Choose Bob Stone' }));
      await user.click(screen.getByRole('checkbox', { name: 'Choose Dee Dunn' }));
      await user.click(screen.getByRole('button', { name: 'Invite 2 people to sign in' }));

      expect(
        await screen.findByText('Invitations sent to 1 person; 1 not sent'),
      ).toBeInTheDocument();
      expect(screen.getByText('Dee Dunn: Dee Dunn can already sign in.')).toBeInTheDocument();
      expect(callCount(fetchMock, 'POST /api/staff/s-2/invite')).toBe(1);
      expect(callCount(fetchMock, 'POST /api/staff/s-4/invite')).toBe(1);
      expect(
        screen.queryByRole('button', { name: /Invite \d+ (person|people) to sign in/ }),
      ).not.toBeInTheDocument();
    });
  });
});
