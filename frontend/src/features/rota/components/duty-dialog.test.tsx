import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import { AccessContext, accessFor, type Role } from '@/shared/auth/access';
import {
  callCount,
  renderWithProviders,
  sentBodies,
  setupUser,
  storeToken,
  stubFetch,
} from '@/testing/test-utils';

import { autoApproval, currentUser, currentWeek, rotaDay } from '@/testing/fixtures';
import { alice, allStaff, bob, cat, dan, holiday } from '@/testing/rota-fixtures';

import { MonthlyRota } from './monthly-rota';

// On the rota: Monday 8 September both slots (Alice, Bob); Tuesday 9 September Alice in slot 1;
// nobody on Wednesday 10 September.
const monday = rotaDay('2025-09-08', [alice, bob]);
const tuesday = rotaDay('2025-09-09', [alice, null]);

function renderRota(role = 'admin') {
  return renderWithProviders(
    <AccessContext value={accessFor(role)}>
      <MonthlyRota />
    </AccessContext>,
  );
}

function stubRota(overrides: Parameters<typeof stubFetch>[0] = {}) {
  return stubFetch({
    'GET /api/current-week': { body: currentWeek() },
    'GET /api/rota': { body: [monday, tuesday] },
    'GET /api/holidays': { body: [holiday()] },
    'GET /api/staff': { body: allStaff },
    ...overrides,
  });
}

async function openSlot(user: UserEvent, name: string, title: string) {
  await user.click(await screen.findByRole('button', { name }));
  return screen.findByRole('dialog', { name: title });
}

async function openWednesdaySlot2(user: UserEvent) {
  return openSlot(
    user,
    'Duty Manager 2, Wed 10 Sep 2025: Click to assign',
    'Duty Manager 2 — Wednesday 10 September 2025',
  );
}

/** The names the staff picker offers, in order. */
async function offeredNames(user: UserEvent, dialog: HTMLElement): Promise<string[]> {
  await user.click(within(dialog).getByRole('combobox', { name: 'Staff member' }));
  await screen.findAllByRole('option');
  return Array.from(document.querySelectorAll('.ant-select-item-option')).map(
    (option) => option.getAttribute('title') ?? '',
  );
}

async function choose(user: UserEvent, dialog: HTMLElement, name: string) {
  await user.click(within(dialog).getByRole('combobox', { name: 'Staff member' }));
  const option = (await screen.findAllByTitle(name)).find((element) =>
    element.classList.contains('ant-select-item-option'),
  );
  if (!option) throw new Error(`no option ${name}`);
  await user.click(option);
}

describe('Duty dialog', () => {
  let user: UserEvent;

  beforeEach(() => {
    user = setupUser();
  });

  it('offers active staff not already on the day, by name, with focus in the dialog', async () => {
    stubRota();
    renderRota();

    const dialog = await openSlot(
      user,
      'Duty Manager 2, Tue 9 Sep 2025: Click to assign',
      'Duty Manager 2 — Tuesday 9 September 2025',
    );

    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    // Alice is already on Tuesday; Dan is inactive.
    expect(await offeredNames(user, dialog)).toEqual(['Bob Jones', 'Cat Rowe']);
  });

  it('creates the rota day when nobody is on duty yet', async () => {
    const fetchMock = stubRota({
      'POST /api/rota': { status: 201, body: rotaDay('2025-09-10', [null, bob]) },
    });
    renderRota();

    const dialog = await openWednesdaySlot2(user);
    expect(await offeredNames(user, dialog)).toEqual(['Alice Smith', 'Bob Jones', 'Cat Rowe']);
    await choose(user, dialog, 'Bob Jones');
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));

    expect(await screen.findByText('Staff assigned')).toBeInTheDocument();
    expect(
      screen.getByText('Bob Jones is Duty Manager 2 on Wednesday 10 September 2025'),
    ).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST /api/rota')).toEqual([
      {
        date: '2025-09-10',
        dutyManager1Id: null,
        dutyManager2Id: bob.id,
        slots: [null, bob.id],
      },
    ]);
    expect(callCount(fetchMock, `PUT /api/rota/${tuesday.id}`)).toBe(0);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('updates an existing rota day, keeping the person already on it', async () => {
    const fetchMock = stubRota({
      [`PUT /api/rota/${tuesday.id}`]: { body: rotaDay('2025-09-09', [alice, cat]) },
    });
    renderRota();

    const dialog = await openSlot(
      user,
      'Duty Manager 2, Tue 9 Sep 2025: Click to assign',
      'Duty Manager 2 — Tuesday 9 September 2025',
    );
    await choose(user, dialog, 'Cat Rowe');
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));

    expect(await screen.findByText('Staff assigned')).toBeInTheDocument();
    expect(sentBodies(fetchMock, `PUT /api/rota/${tuesday.id}`)).toEqual([
      { dutyManager1Id: alice.id, dutyManager2Id: cat.id, slots: [alice.id, cat.id] },
    ]);
    expect(callCount(fetchMock, 'POST /api/rota')).toBe(0);
  });

  it('asks for a staff member before assigning', async () => {
    const fetchMock = stubRota();
    renderRota();

    const dialog = await openWednesdaySlot2(user);
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));

    expect(
      await within(dialog).findByText('Please select a staff member to assign'),
    ).toBeInTheDocument();
    expect(callCount(fetchMock, 'POST /api/rota')).toBe(0);
  });

  it('says "Slots full" when the day filled up meanwhile', async () => {
    stubRota({
      'POST /api/rota': {
        status: 409,
        body: {
          statusCode: 409,
          error: 'Conflict',
          code: 'slots_full',
          message: 'Both Duty Manager slots are already filled for this day',
        },
      },
    });
    renderRota();

    const dialog = await openWednesdaySlot2(user);
    await choose(user, dialog, 'Alice Smith');
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Slots full')).toBeInTheDocument();
    expect(
      within(alert).getByText('Both Duty Manager slots are already filled for this day'),
    ).toBeInTheDocument();
    // The dialog stays open to choose again.
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('says "Duplicate assignment" when the person is already on the day', async () => {
    stubRota({
      'POST /api/rota': {
        status: 409,
        body: {
          statusCode: 409,
          error: 'Conflict',
          code: 'duplicate_assignment',
          message: 'This staff member is already assigned to this day',
        },
      },
    });
    renderRota();

    const dialog = await openWednesdaySlot2(user);
    await choose(user, dialog, 'Alice Smith');
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Duplicate assignment')).toBeInTheDocument();
    expect(
      within(alert).getByText('This staff member is already assigned to this day'),
    ).toBeInTheDocument();
  });

  it("shows the server's message, else a fixed one, for other failures", async () => {
    stubRota({
      'POST /api/rota': [
        {
          status: 409,
          body: {
            statusCode: 409,
            error: 'Conflict',
            message: "Cat Rowe is inactive and can't be put on duty",
          },
        },
        { networkError: true },
      ],
    });
    renderRota();

    const dialog = await openWednesdaySlot2(user);
    await choose(user, dialog, 'Cat Rowe');
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));

    const first = await screen.findByRole('alert');
    expect(within(first).getByText('Error')).toBeInTheDocument();
    expect(
      within(first).getByText("Cat Rowe is inactive and can't be put on duty"),
    ).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));

    expect(await screen.findByText('Failed to assign staff member')).toBeInTheDocument();
  });

  it('shows who is on a filled slot, with the requests an admin may make for them', async () => {
    stubRota();
    renderRota();

    const dialog = await openSlot(
      user,
      'Duty Manager 1, Mon 8 Sep 2025: Alice Smith',
      'Duty Manager 1 — Monday 8 September 2025',
    );

    expect(within(dialog).getByText('Alice Smith')).toBeInTheDocument();
    expect(await within(dialog).findByRole('button', { name: 'Request Swap' })).toBeEnabled();
    expect(within(dialog).getByRole('button', { name: 'Request Cancel' })).toBeEnabled();
    expect(within(dialog).queryByRole('combobox')).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('tells staff that only admins and managers assign duties', async () => {
    const fetchMock = stubRota();
    renderRota('staff');

    // Staff see the empty slot as unfilled, not as an invitation to assign.
    const dialog = await openSlot(
      user,
      'Duty Manager 2, Wed 10 Sep 2025: Unfilled',
      'Duty Manager 2 — Wednesday 10 September 2025',
    );

    expect(
      within(dialog).getByText('Only admins and managers can assign duty managers.'),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Assign' })).not.toBeInTheDocument();
    expect(callCount(fetchMock, 'GET /api/staff')).toBe(0);
  });
});

describe('Duty dialog requests', () => {
  let user: UserEvent;

  beforeEach(() => {
    user = setupUser();
  });

  // Alice signs in as staff: her staff record is linked to her user.
  const aliceAccount = { ...alice, userId: 'u-2' };
  const staffWithAlice = [cat, dan, bob, aliceAccount];
  const lastFriday = rotaDay('2025-09-05', [alice, bob]);

  function renderAsAlice(role: Role = 'staff') {
    storeToken();
    const fetchMock = stubRota({
      'GET /api/auth/user': {
        body: currentUser({
          user: { id: 'u-2', name: 'Alice Smith', email: alice.email, role },
        }),
      },
      'GET /api/rota': { body: [lastFriday, monday, tuesday] },
      'GET /api/staff': { body: staffWithAlice },
    });
    renderRota(role);
    return fetchMock;
  }

  it("offers staff the requests for their own duty, and not for a colleague's", async () => {
    renderAsAlice();

    let dialog = await openSlot(
      user,
      'Duty Manager 1, Mon 8 Sep 2025: Alice Smith',
      'Duty Manager 1 — Monday 8 September 2025',
    );
    expect(await within(dialog).findByRole('button', { name: 'Request Swap' })).toBeEnabled();
    expect(within(dialog).getByRole('button', { name: 'Request Cancel' })).toBeEnabled();
    expect(within(dialog).queryByText(/or an admin or manager can ask/)).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    dialog = await openSlot(
      user,
      'Duty Manager 2, Mon 8 Sep 2025: Bob Jones',
      'Duty Manager 2 — Monday 8 September 2025',
    );
    expect(
      await within(dialog).findByText(
        'Only Bob Jones or an admin or manager can ask to swap or cancel this duty.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Request Swap' })).not.toBeInTheDocument();
    expect(
      within(dialog).queryByRole('button', { name: 'Request Cancel' }),
    ).not.toBeInTheDocument();
  });

  it("offers managers the requests for anyone's duty", async () => {
    renderAsAlice('manager');

    const dialog = await openSlot(
      user,
      'Duty Manager 2, Mon 8 Sep 2025: Bob Jones',
      'Duty Manager 2 — Monday 8 September 2025',
    );

    expect(await within(dialog).findByRole('button', { name: 'Request Swap' })).toBeEnabled();
    expect(within(dialog).getByRole('button', { name: 'Request Cancel' })).toBeEnabled();
    expect(within(dialog).queryByText(/Only Bob Jones/)).not.toBeInTheDocument();
  });

  it('offers no requests for a duty that has passed', async () => {
    renderAsAlice();

    const dialog = await openSlot(
      user,
      'Duty Manager 1, Fri 5 Sep 2025: Alice Smith',
      'Duty Manager 1 — Friday 5 September 2025',
    );

    expect(await within(dialog).findByText('This duty has passed.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Request Swap' })).not.toBeInTheDocument();
    expect(
      within(dialog).queryByRole('button', { name: 'Request Cancel' }),
    ).not.toBeInTheDocument();
  });

  it('opens each request form, with focus in its first field, and goes back', async () => {
    stubRota({ 'GET /api/auto-approval-settings': { body: autoApproval() } });
    renderRota();

    const dialog = await openSlot(
      user,
      'Duty Manager 1, Mon 8 Sep 2025: Alice Smith',
      'Duty Manager 1 — Monday 8 September 2025',
    );

    await user.click(await within(dialog).findByRole('button', { name: 'Request Swap' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: 'Swap with' })).toHaveFocus(),
    );
    expect(within(dialog).getByRole('textbox', { name: 'Reason' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'OK' })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    const swapButton = within(dialog).getByRole('button', { name: 'Request Swap' });
    await waitFor(() => expect(swapButton).toHaveFocus());

    // By keyboard: Tab to Request Cancel, Enter opens its form.
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Request Cancel' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: 'Reason' })).toHaveFocus(),
    );
    expect(within(dialog).queryByRole('combobox', { name: 'Swap with' })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Request Cancel' })).toHaveFocus(),
    );
    expect(within(dialog).getByRole('button', { name: 'OK' })).toBeInTheDocument();
  });
});
