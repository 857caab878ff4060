import { fireEvent, screen, waitFor, within } from '@testing-library/react';
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
import { findToast } from '@/testing/antd-helpers';
import {
  alice,
  allStaff,
  bob,
  candidate,
  candidates,
  cat,
  dan,
  editResult,
  holiday,
} from '@/testing/rota-fixtures';

import { MonthlyRotaWithDialog } from './monthly-rota-with-dialog';

// On the rota: Monday 8 September (today) both slots (Alice, Bob); Tuesday 9 September Alice in
// slot 1; nobody on Wednesday 10 September. In the past: nobody on Thursday 4 September, Alice on
// Friday 5 September in slot 1.
const monday = rotaDay('2025-09-08', [alice, bob]);
const tuesday = rotaDay('2025-09-09', [alice, null]);
const pastFriday = rotaDay('2025-09-05', [alice, null]);

// Who may be on Wednesday: Cat (Science, no duties yet), Bob (non-teaching, one), Alice (four).
const wednesdayCandidates = candidates('2025-09-10', [
  candidate({ ...cat, department: 'Science' }, 0),
  candidate(bob, 1),
  candidate(alice, 4),
]);

function renderRota(role = 'admin') {
  return renderWithProviders(
    <AccessContext value={accessFor(role)}>
      <MonthlyRotaWithDialog />
    </AccessContext>,
  );
}

function stubRota(overrides: Parameters<typeof stubFetch>[0] = {}) {
  return stubFetch({
    'GET /api/current-week': { body: currentWeek() },
    'GET /api/rota': { body: [pastFriday, monday, tuesday] },
    'GET /api/holidays': { body: [holiday()] },
    'GET /api/rota/closures': { body: [] },
    'GET /api/staff': { body: allStaff },
    'GET /api/rota/candidates': { body: wednesdayCandidates },
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

/** The names the staff picker offers, in order, once the candidates have loaded. */
async function offeredNames(user: UserEvent, dialog: HTMLElement): Promise<string[]> {
  await user.click(await within(dialog).findByRole('combobox', { name: 'Staff member' }));
  await screen.findAllByRole('option');
  return Array.from(document.querySelectorAll('.ant-select-item-option')).map(
    (option) => option.getAttribute('title') ?? '',
  );
}

async function choose(user: UserEvent, dialog: HTMLElement, name: string) {
  await user.click(await within(dialog).findByRole('combobox', { name: 'Staff member' }));
  const option = (await screen.findAllByTitle(name)).find((element) =>
    element.classList.contains('ant-select-item-option'),
  );
  if (!option) throw new Error(`no option ${name}`);
  await user.click(option);
}

function candidatesAsked(fetchMock: ReturnType<typeof stubFetch>): string[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/rota/candidates')
    .map((url) => url.searchParams.get('date') ?? '');
}

describe('Duty dialog: assigning', () => {
  let user: UserEvent;

  beforeEach(() => {
    user = setupUser();
  });

  it('offers who may be on the day, least loaded first, with their duties and teaching', async () => {
    const fetchMock = stubRota();
    renderRota();

    const dialog = await openWednesdaySlot2(user);

    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    // The server's order: fewest duties this year first.
    expect(await offeredNames(user, dialog)).toEqual(['Cat Rowe', 'Bob Jones', 'Alice Smith']);
    const [first, second, third] = Array.from(
      document.querySelectorAll<HTMLElement>('.ant-select-item-option'),
    );
    expect(first).toHaveTextContent('Cat Rowe');
    expect(first).toHaveTextContent('Teaching');
    expect(first).toHaveTextContent('Science');
    expect(first).toHaveTextContent('0 duties this year');
    expect(second).toHaveTextContent('Non-Teaching');
    expect(second).toHaveTextContent('1 duty this year');
    expect(third).toHaveTextContent('4 duties this year');
    expect(candidatesAsked(fetchMock)).toEqual(['2025-09-10']);
    // The list is the server's: the staff list is not needed.
    expect(callCount(fetchMock, 'GET /api/staff')).toBe(0);
  });

  it('finds people by name or department, by keyboard', async () => {
    const fetchMock = stubRota({
      'POST /api/rota/replace': {
        body: editResult('Cat Rowe is on duty on Wednesday 10 September 2025.'),
      },
    });
    renderRota();

    const dialog = await openWednesdaySlot2(user);
    const picker = await within(dialog).findByRole('combobox', { name: 'Staff member' });
    await waitFor(() => expect(picker).toHaveFocus());

    await user.keyboard('scien');
    await waitFor(() =>
      expect(
        Array.from(document.querySelectorAll('.ant-select-item-option')).map((o) =>
          o.getAttribute('title'),
        ),
      ).toEqual(['Cat Rowe']),
    );
    expect(picker).toHaveAttribute('aria-activedescendant', 'assign-duty_staffId_list_0');
    // Enter picks the active option. rc-select reads the key's `which`, which user-event leaves
    // out, so the key is sent as a browser would send it.
    fireEvent.keyDown(picker, { key: 'Enter', code: 'Enter', keyCode: 13, which: 13 });
    await waitFor(() => expect(within(dialog).getByTitle('Cat Rowe')).toBeInTheDocument());
    await user.tab();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Assign' })).toHaveFocus();
    await user.keyboard('{Enter}');

    expect(await screen.findByText('Staff assigned')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST /api/rota/replace')).toEqual([
      { date: '2025-09-10', position: 2, staffId: cat.id, expectedStaffId: null },
    ]);
  });

  it("assigns through the replace endpoint, shows the server's message and reloads the rota", async () => {
    const fetchMock = stubRota({
      'POST /api/rota/replace': {
        body: editResult('Bob Jones is on duty on Wednesday 10 September 2025.', [
          rotaDay('2025-09-10', [null, bob]),
        ]),
      },
    });
    renderRota();

    const dialog = await openWednesdaySlot2(user);
    await choose(user, dialog, 'Bob Jones');
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));

    const toast = await findToast('status', 'Staff assigned');
    expect(toast).toHaveTextContent('Bob Jones is on duty on Wednesday 10 September 2025.');
    expect(sentBodies(fetchMock, 'POST /api/rota/replace')).toEqual([
      { date: '2025-09-10', position: 2, staffId: bob.id, expectedStaffId: null },
    ]);
    expect(callCount(fetchMock, 'POST /api/rota')).toBe(0);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(callCount(fetchMock, 'GET /api/rota')).toBe(2));
  });

  it('asks for a staff member before assigning', async () => {
    const fetchMock = stubRota();
    renderRota();

    const dialog = await openWednesdaySlot2(user);
    await within(dialog).findByRole('combobox', { name: 'Staff member' });
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Assign' })).toBeEnabled(),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));

    expect(
      await within(dialog).findByText('Please select a staff member to assign'),
    ).toBeInTheDocument();
    expect(callCount(fetchMock, 'POST /api/rota/replace')).toBe(0);
  });

  it('says why nobody can be on a closed day, instead of the list', async () => {
    stubRota({
      'GET /api/rota/candidates': {
        body: candidates('2025-09-10', [], 'Outside term time: Christmas holiday'),
      },
    });
    renderRota();

    const dialog = await openWednesdaySlot2(user);

    expect(
      await within(dialog).findByText(
        'Nobody can be on duty on this day: Outside term time: Christmas holiday.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('combobox')).not.toBeInTheDocument();
    // Nothing to assign on a closed day: only a way out.
    expect(within(dialog).queryByRole('button', { name: 'Assign' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says when nobody is free that day', async () => {
    stubRota({ 'GET /api/rota/candidates': { body: candidates('2025-09-10', []) } });
    renderRota();

    const dialog = await openWednesdaySlot2(user);

    expect(
      await within(dialog).findByText(
        'Nobody else can be put on this day: everyone active is already on duty or away.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Assign' })).toBeDisabled();
  });

  it('says when the list cannot be loaded, and tries again', async () => {
    stubRota({
      'GET /api/rota/candidates': [
        { status: 500, body: { statusCode: 500, error: 'Error', message: 'Database unavailable' } },
        { body: wednesdayCandidates },
      ],
    });
    renderRota();

    const dialog = await openWednesdaySlot2(user);

    expect(
      await within(dialog).findByText('Failed to load who can take this duty'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Database unavailable')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Assign' })).toBeDisabled();

    await user.click(within(dialog).getByRole('button', { name: 'Retry' }));

    expect(await offeredNames(user, dialog)).toEqual(['Cat Rowe', 'Bob Jones', 'Alice Smith']);
  });

  it('says "Duplicate assignment" when the person went on the day meanwhile, and reloads it', async () => {
    const fetchMock = stubRota({
      'POST /api/rota/replace': {
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

    const alert = await findToast('alert', 'Duplicate assignment');
    expect(alert).toHaveTextContent('This staff member is already assigned to this day');
    // The dialog stays open to choose again, from a list and a rota read again.
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await waitFor(() => expect(callCount(fetchMock, 'GET /api/rota')).toBe(2));
    await waitFor(() => expect(candidatesAsked(fetchMock)).toHaveLength(2));
  });

  it("shows the server's message, else a fixed one, for other failures", async () => {
    stubRota({
      'POST /api/rota/replace': [
        {
          status: 409,
          body: {
            statusCode: 409,
            error: 'Conflict',
            message: 'Cat Rowe is away on Wednesday 10 September 2025 (Sick Leave)',
          },
        },
        { networkError: true },
      ],
    });
    renderRota();

    const dialog = await openWednesdaySlot2(user);
    await choose(user, dialog, 'Cat Rowe');
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));

    const first = await findToast('alert', 'Error');
    expect(first).toHaveTextContent('Cat Rowe is away on Wednesday 10 September 2025 (Sick Leave)');

    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));

    expect(await screen.findByText('Failed to assign staff member')).toBeInTheDocument();
  });

  it('records who was on a past day from the staff list, creating the rota day', async () => {
    const fetchMock = stubRota({
      'POST /api/rota': { status: 201, body: rotaDay('2025-09-04', [bob, null]) },
    });
    renderRota();

    const dialog = await openSlot(
      user,
      'Duty Manager 1, Thu 4 Sep 2025: Click to assign',
      'Duty Manager 1 — Thursday 4 September 2025',
    );
    expect(within(dialog).getByText(/This day has passed: record who was on duty/)).toBeVisible();
    // Dan is inactive.
    expect(await offeredNames(user, dialog)).toEqual(['Alice Smith', 'Bob Jones', 'Cat Rowe']);
    await choose(user, dialog, 'Bob Jones');
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));

    expect(await screen.findByText('Staff assigned')).toBeInTheDocument();
    expect(
      screen.getByText('Bob Jones is Duty Manager 1 on Thursday 4 September 2025'),
    ).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST /api/rota')).toEqual([
      { date: '2025-09-04', dutyManager1Id: bob.id, dutyManager2Id: null, slots: [bob.id, null] },
    ]);
    expect(candidatesAsked(fetchMock)).toEqual([]);
    expect(callCount(fetchMock, 'POST /api/rota/replace')).toBe(0);
  });

  it('updates a past rota day, keeping the person already on it, and says "Slots full"', async () => {
    const fetchMock = stubRota({
      [`PUT /api/rota/${pastFriday.id}`]: [
        { body: rotaDay('2025-09-05', [alice, cat]) },
        {
          status: 409,
          body: {
            statusCode: 409,
            error: 'Conflict',
            code: 'slots_full',
            message: 'Both Duty Manager slots are already filled for this day',
          },
        },
      ],
    });
    renderRota();

    let dialog = await openSlot(
      user,
      'Duty Manager 2, Fri 5 Sep 2025: Click to assign',
      'Duty Manager 2 — Friday 5 September 2025',
    );
    await choose(user, dialog, 'Cat Rowe');
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));

    expect(await screen.findByText('Staff assigned')).toBeInTheDocument();
    expect(sentBodies(fetchMock, `PUT /api/rota/${pastFriday.id}`)).toEqual([
      { dutyManager1Id: alice.id, dutyManager2Id: cat.id, slots: [alice.id, cat.id] },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    dialog = await openSlot(
      user,
      'Duty Manager 2, Fri 5 Sep 2025: Click to assign',
      'Duty Manager 2 — Friday 5 September 2025',
    );
    await choose(user, dialog, 'Bob Jones');
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));

    const alert = await findToast('alert', 'Slots full');
    expect(alert).toHaveTextContent('Both Duty Manager slots are already filled for this day');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});

describe('Duty dialog', () => {
  let user: UserEvent;

  beforeEach(() => {
    user = setupUser();
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

describe('Duty dialog: assigning outside a working pattern', () => {
  let user: UserEvent;

  beforeEach(() => {
    user = setupUser();
  });

  const notWorking = {
    status: 409,
    body: {
      statusCode: 409,
      error: 'Conflict',
      code: 'not_working_day',
      message: "Cat Rowe doesn't work on Fridays",
    },
  };

  async function assignCatOnPastFriday() {
    const dialog = await openSlot(
      user,
      'Duty Manager 2, Fri 5 Sep 2025: Click to assign',
      'Duty Manager 2 — Friday 5 September 2025',
    );
    await choose(user, dialog, 'Cat Rowe');
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    return waitFor(() => {
      const confirm = screen
        .getAllByRole('dialog')
        .find((element) => within(element).queryAllByText('Assign anyway?').length > 0);
      if (!confirm) throw new Error('no "Assign anyway?" confirmation');
      return confirm;
    });
  }

  it('records a past day anyway once confirmed, resending the update with override', async () => {
    const fetchMock = stubRota({
      [`PUT /api/rota/${pastFriday.id}`]: [
        notWorking,
        { body: rotaDay('2025-09-05', [alice, cat]) },
      ],
    });
    renderRota();

    const confirm = await assignCatOnPastFriday();
    expect(confirm).toHaveTextContent("Cat Rowe doesn't work on Fridays");
    await user.click(within(confirm).getByRole('button', { name: 'Assign anyway' }));

    expect(await screen.findByText('Staff assigned')).toBeInTheDocument();
    const body = { dutyManager1Id: alice.id, dutyManager2Id: cat.id, slots: [alice.id, cat.id] };
    expect(sentBodies(fetchMock, `PUT /api/rota/${pastFriday.id}`)).toEqual([
      body,
      { ...body, override: true },
    ]);
  });

  it('sends nothing more when cancelled', async () => {
    const fetchMock = stubRota({ [`PUT /api/rota/${pastFriday.id}`]: notWorking });
    renderRota();

    const confirm = await assignCatOnPastFriday();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByText('Assign anyway?')).not.toBeInTheDocument());
    expect(callCount(fetchMock, `PUT /api/rota/${pastFriday.id}`)).toBe(1);
    expect(screen.queryByText('Staff assigned')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
