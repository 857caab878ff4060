import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import { AccessContext, accessFor, type Role } from '@/shared/auth/access';
import { choose, findToast } from '@/testing/antd-helpers';
import { currentUser, currentWeek, rotaDay } from '@/testing/fixtures';
import type { MoveOptionsDto } from '@/features/rota/api';
import {
  alice,
  allStaff,
  bob,
  candidate,
  candidates,
  cat,
  editResult,
  holiday,
} from '@/testing/rota-fixtures';
import {
  callCount,
  fill,
  renderWithProviders,
  sentBodies,
  setupUser,
  storeToken,
  stubFetch,
} from '@/testing/test-utils';

import { MonthlyRotaWithDialog } from './monthly-rota-with-dialog';

// Today is Monday 8 September 2025. Alice and Bob are on today; Alice on Friday 5 September, which
// has passed.
const monday = rotaDay('2025-09-08', [alice, bob]);
const pastFriday = rotaDay('2025-09-05', [alice, null]);

const ALICE_TODAY = 'Duty Manager 1, Mon 8 Sep 2025: Alice Smith';
const ALICE_TODAY_TITLE = 'Duty Manager 1 — Monday 8 September 2025';

function conflict(message: string, code?: string) {
  return { status: 409, body: { statusCode: 409, error: 'Conflict', message, code } };
}

function renderRota(role: Role = 'manager') {
  return renderWithProviders(
    <AccessContext value={accessFor(role)}>
      <MonthlyRotaWithDialog />
    </AccessContext>,
  );
}

function stubRota(overrides: Parameters<typeof stubFetch>[0] = {}) {
  return stubFetch({
    'GET /api/current-week': { body: currentWeek() },
    'GET /api/rota': { body: [pastFriday, monday] },
    'GET /api/holidays': { body: [holiday()] },
    'GET /api/rota/closures': { body: [] },
    'GET /api/staff': { body: allStaff },
    'GET /api/rota/candidates': {
      body: candidates('2025-09-08', [candidate(cat, 0), candidate(bob, 3)]),
    },
    'GET /api/rota/move-options': { body: moveOptions },
    ...overrides,
  });
}

/**
 * Where Alice's Monday duty can go, as the server says: Wednesday 10th has a free slot; Thursday
 * 11th is full, and Cat, on it, may take Monday in exchange. Nothing else (Tuesday is full with
 * nobody to trade, the rest not hers to take).
 */
const moveOptions: MoveOptionsDto = {
  date: '2025-09-08',
  position: 1,
  staff: { id: alice.id, name: alice.name },
  from: '2025-09-08',
  to: '2026-08-31',
  days: [
    { date: '2025-09-10', freeSlots: 1, tradeWith: [] },
    { date: '2025-09-11', freeSlots: 0, tradeWith: [{ id: cat.id, name: cat.name }] },
  ],
};

async function openAliceToday(user: UserEvent): Promise<HTMLElement> {
  await user.click(await screen.findByRole('button', { name: ALICE_TODAY }));
  return screen.findByRole('dialog', { name: ALICE_TODAY_TITLE });
}

async function startEdit(user: UserEvent, action: string): Promise<HTMLElement> {
  const dialog = await openAliceToday(user);
  const edits = within(dialog).getByRole('group', { name: 'Change the rota' });
  await user.click(within(edits).getByRole('button', { name: action }));
  return dialog;
}

/**
 * Types a date into the Move to picker, as a keyboard user would: once the days on offer have
 * come and the form has put the focus in the field, as a person sees it happen.
 */
async function typeMoveDate(user: UserEvent, dialog: HTMLElement, text: string) {
  const field = await within(dialog).findByRole('textbox', { name: 'Move to' });
  await waitFor(() => expect(field).toHaveFocus());
  await user.click(field);
  await user.clear(field);
  await user.type(field, `${text}{Enter}`);
}

describe('Editing the rota from a filled slot', () => {
  let user: UserEvent;

  beforeEach(() => {
    user = setupUser();
  });

  it('offers admins and managers Replace with…, Remove and Move to another day, with the requests', async () => {
    stubRota();
    renderRota('manager');

    const dialog = await openAliceToday(user);

    const edits = within(dialog).getByRole('group', { name: 'Change the rota' });
    expect(
      within(edits)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Replace with…', 'Remove', 'Move to another day']);
    const requests = await within(dialog).findByRole('group', { name: 'Or ask through a request' });
    expect(within(requests).getByRole('button', { name: 'Request Swap' })).toBeEnabled();
    expect(within(requests).getByRole('button', { name: 'Request Cancel' })).toBeEnabled();
  });

  it('offers no edits on a day that has passed', async () => {
    stubRota();
    renderRota('admin');

    await user.click(
      await screen.findByRole('button', { name: 'Duty Manager 1, Fri 5 Sep 2025: Alice Smith' }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Duty Manager 1 — Friday 5 September 2025',
    });

    expect(await within(dialog).findByText('This duty has passed.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Replace with…' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Remove' })).not.toBeInTheDocument();
  });

  it('shows staff their own duty with the requests only, never the edits', async () => {
    storeToken();
    const fetchMock = stubRota({
      'GET /api/auth/user': {
        body: currentUser({
          user: { id: 'u-2', name: 'Alice Smith', email: alice.email, role: 'staff' },
        }),
      },
      'GET /api/staff': {
        body: allStaff.map((p) => (p.id === alice.id ? { ...p, userId: 'u-2' } : p)),
      },
    });
    renderRota('staff');

    const dialog = await openAliceToday(user);

    expect(await within(dialog).findByRole('button', { name: 'Request Swap' })).toBeEnabled();
    expect(within(dialog).getByRole('button', { name: 'Request Cancel' })).toBeEnabled();
    expect(within(dialog).queryByRole('group', { name: 'Change the rota' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Replace with…' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Remove' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Move to another day' })).toBeNull();
    expect(callCount(fetchMock, 'GET /api/rota/candidates')).toBe(0);
  });

  describe('Replace with…', () => {
    it("puts the person chosen in the slot, with the reason, and shows the server's message", async () => {
      const fetchMock = stubRota({
        'POST /api/rota/replace': {
          body: editResult("Cat Rowe takes Alice Smith's duty on Monday 8 September 2025.", [
            rotaDay('2025-09-08', [cat, bob]),
          ]),
        },
      });
      renderRota();

      const dialog = await startEdit(user, 'Replace with…');

      expect(dialog).toHaveTextContent(
        "Choose who takes Alice Smith's duty on Monday 8 September 2025.",
      );
      const picker = await within(dialog).findByRole('combobox', { name: 'Staff member' });
      await waitFor(() => expect(picker).toHaveFocus());
      await choose(user, dialog, 'Staff member', 'Cat Rowe');
      await fill(user, within(dialog).getByRole('textbox', { name: 'Reason' }), ' School trip ');
      await user.click(within(dialog).getByRole('button', { name: 'Replace' }));

      const toast = await findToast('status', 'Duty replaced');
      expect(toast).toHaveTextContent(
        "Cat Rowe takes Alice Smith's duty on Monday 8 September 2025.",
      );
      expect(sentBodies(fetchMock, 'POST /api/rota/replace')).toEqual([
        {
          date: '2025-09-08',
          position: 1,
          staffId: cat.id,
          expectedStaffId: alice.id,
          reason: 'School trip',
        },
      ]);
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      await waitFor(() => expect(callCount(fetchMock, 'GET /api/rota')).toBe(2));
    });

    it('sends no reason when none is given, and asks for someone first', async () => {
      const fetchMock = stubRota({
        'POST /api/rota/replace': { body: editResult('Bob Jones takes the duty.') },
      });
      renderRota();

      const dialog = await startEdit(user, 'Replace with…');
      await within(dialog).findByRole('combobox', { name: 'Staff member' });
      await user.click(within(dialog).getByRole('button', { name: 'Replace' }));

      expect(await within(dialog).findByText('Please select who takes this duty')).toBeVisible();
      expect(callCount(fetchMock, 'POST /api/rota/replace')).toBe(0);

      await choose(user, dialog, 'Staff member', 'Cat Rowe');
      await user.click(within(dialog).getByRole('button', { name: 'Replace' }));

      await findToast('status', 'Duty replaced');
      expect(sentBodies(fetchMock, 'POST /api/rota/replace')).toEqual([
        { date: '2025-09-08', position: 1, staffId: cat.id, expectedStaffId: alice.id },
      ]);
    });

    it("shows the server's refusal and keeps the form", async () => {
      stubRota({
        'POST /api/rota/replace': conflict(
          'Cat Rowe is away on Monday 8 September 2025 (Sick Leave)',
        ),
      });
      renderRota();

      const dialog = await startEdit(user, 'Replace with…');
      await choose(user, dialog, 'Staff member', 'Cat Rowe');
      await user.click(within(dialog).getByRole('button', { name: 'Replace' }));

      const alert = await findToast('alert', 'Error');
      expect(alert).toHaveTextContent('Cat Rowe is away on Monday 8 September 2025 (Sick Leave)');
      expect(within(dialog).getByRole('button', { name: 'Replace' })).toBeInTheDocument();
    });

    it('goes back to the overview, with focus on Replace with…', async () => {
      stubRota();
      renderRota();

      const dialog = await startEdit(user, 'Replace with…');
      await user.click(within(dialog).getByRole('button', { name: 'Back' }));

      await waitFor(() =>
        expect(within(dialog).getByRole('button', { name: 'Replace with…' })).toHaveFocus(),
      );
      expect(within(dialog).getByRole('button', { name: 'OK' })).toBeInTheDocument();
    });
  });

  describe('Remove', () => {
    it('asks for a reason, as the server would, before sending anything', async () => {
      const fetchMock = stubRota();
      renderRota();

      const dialog = await startEdit(user, 'Remove');
      const reason = within(dialog).getByRole('textbox', { name: 'Reason' });
      await waitFor(() => expect(reason).toHaveFocus());
      await fill(user, reason, '   ');
      await user.click(within(dialog).getByRole('button', { name: 'Remove' }));

      expect(
        await within(dialog).findByText('Please give a reason for removing this duty'),
      ).toBeVisible();
      expect(callCount(fetchMock, 'POST /api/rota/remove')).toBe(0);
    });

    it("takes the person off with the trimmed reason and shows the server's message", async () => {
      const fetchMock = stubRota({
        'POST /api/rota/remove': {
          body: editResult('Alice Smith is no longer on duty on Monday 8 September 2025.'),
        },
      });
      renderRota();

      const dialog = await startEdit(user, 'Remove');
      expect(dialog).toHaveTextContent('Take Alice Smith off the duty on Monday 8 September 2025.');
      await fill(user, within(dialog).getByRole('textbox', { name: 'Reason' }), ' Off site ');
      await user.click(within(dialog).getByRole('button', { name: 'Remove' }));

      const toast = await findToast('status', 'Duty removed');
      expect(toast).toHaveTextContent(
        'Alice Smith is no longer on duty on Monday 8 September 2025.',
      );
      expect(sentBodies(fetchMock, 'POST /api/rota/remove')).toEqual([
        { date: '2025-09-08', position: 1, reason: 'Off site' },
      ]);
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      await waitFor(() => expect(callCount(fetchMock, 'GET /api/rota')).toBe(2));
    });

    it("shows the server's refusal, else a fixed message", async () => {
      stubRota({
        'POST /api/rota/remove': [
          conflict('Nobody is in slot 1 on Monday 8 September 2025'),
          { networkError: true },
        ],
      });
      renderRota();

      const dialog = await startEdit(user, 'Remove');
      await fill(user, within(dialog).getByRole('textbox', { name: 'Reason' }), 'Off site');
      await user.click(within(dialog).getByRole('button', { name: 'Remove' }));

      const alert = await findToast('alert', 'Error');
      expect(alert).toHaveTextContent('Nobody is in slot 1 on Monday 8 September 2025');

      await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
      expect(await screen.findByText('Failed to remove the duty')).toBeInTheDocument();
    });
  });

  describe('Move to another day', () => {
    it('moves the duty to the day typed, and shows where it went', async () => {
      const fetchMock = stubRota({
        'POST /api/rota/move': {
          body: editResult(
            "Alice Smith's duty moved from Monday 8 September 2025 to Wednesday 10 September 2025.",
            [rotaDay('2025-09-08', [null, bob]), rotaDay('2025-09-10', [alice, null])],
          ),
        },
      });
      renderRota();

      const dialog = await startEdit(user, 'Move to another day');
      await waitFor(() =>
        expect(within(dialog).getByRole('textbox', { name: 'Move to' })).toHaveFocus(),
      );
      await typeMoveDate(user, dialog, '2025-09-10');
      await user.click(within(dialog).getByRole('button', { name: 'Move' }));

      const toast = await findToast('status', 'Duty moved');
      expect(toast).toHaveTextContent(
        "Alice Smith's duty moved from Monday 8 September 2025 to Wednesday 10 September 2025.",
      );
      expect(sentBodies(fetchMock, 'POST /api/rota/move')).toEqual([
        { date: '2025-09-08', position: 1, toDate: '2025-09-10' },
      ]);
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      await waitFor(() => expect(callCount(fetchMock, 'GET /api/rota')).toBe(2));
    });

    it('offers only the days the server offers: a free slot, or someone to trade with', async () => {
      const fetchMock = stubRota();
      renderRota();

      const dialog = await startEdit(user, 'Move to another day');
      await waitFor(() =>
        expect(within(dialog).getByRole('textbox', { name: 'Move to' })).toHaveFocus(),
      );
      await user.click(within(dialog).getByRole('textbox', { name: 'Move to' }));

      const cell = (date: string) =>
        document.querySelector(`.ant-picker-dropdown td[title="${date}"]`) as HTMLElement;
      await waitFor(() => expect(cell('2025-09-10')).not.toBeNull());
      expect(cell('2025-09-05')).toHaveClass('ant-picker-cell-disabled');
      expect(cell('2025-09-08')).toHaveClass('ant-picker-cell-disabled');
      // Tuesday is full and nobody on it can trade: not offered, where it used to answer "Slots full".
      expect(cell('2025-09-09')).toHaveClass('ant-picker-cell-disabled');
      expect(cell('2025-09-12')).toHaveClass('ant-picker-cell-disabled');
      expect(cell('2025-09-10')).not.toHaveClass('ant-picker-cell-disabled');
      expect(cell('2025-09-11')).not.toHaveClass('ant-picker-cell-disabled');
      expect(fetchMock.mock.calls.map(([input]) => String(input))).toContainEqual(
        expect.stringContaining('/api/rota/move-options?date=2025-09-08&position=1'),
      );

      await user.click(within(dialog).getByRole('button', { name: 'Move' }));
      expect(
        await within(dialog).findByText('Please choose the day to move the duty to'),
      ).toBeVisible();
      expect(callCount(fetchMock, 'POST /api/rota/move')).toBe(0);
    });

    it('on a full day, asks who trades with them, and sends the trade', async () => {
      const fetchMock = stubRota({
        'POST /api/rota/move': {
          body: editResult(
            'Alice Smith is now on duty on Thursday 11 September 2025, and Cat Rowe on Monday 8 September 2025.',
          ),
        },
      });
      renderRota();

      const dialog = await startEdit(user, 'Move to another day');
      await typeMoveDate(user, dialog, '2025-09-11');
      const trade = await within(dialog).findByRole('radiogroup', { name: 'Trade with' });
      expect(dialog).toHaveTextContent('Thursday 11 September 2025 is full.');
      await user.click(within(dialog).getByRole('button', { name: 'Trade' }));
      expect(
        await within(dialog).findByText('Please choose who takes this duty in exchange'),
      ).toBeVisible();
      expect(callCount(fetchMock, 'POST /api/rota/move')).toBe(0);

      await user.click(within(trade).getByRole('radio', { name: 'Cat Rowe' }));
      await user.click(within(dialog).getByRole('button', { name: 'Trade' }));

      const toast = await findToast('status', 'Duties traded');
      expect(toast).toHaveTextContent('Alice Smith is now on duty on Thursday 11 September 2025');
      expect(sentBodies(fetchMock, 'POST /api/rota/move')).toEqual([
        { date: '2025-09-08', position: 1, toDate: '2025-09-11', tradeWithStaffId: cat.id },
      ]);
    });

    it('says so when no other day can take the duty, and offers nothing to submit', async () => {
      stubRota({ 'GET /api/rota/move-options': { body: { ...moveOptions, days: [] } } });
      renderRota();

      const dialog = await startEdit(user, 'Move to another day');

      expect(
        await within(dialog).findByText(/^No other day can take Alice Smith's duty/),
      ).toBeInTheDocument();
      expect(within(dialog).queryByRole('textbox', { name: 'Move to' })).not.toBeInTheDocument();
      expect(within(dialog).getByRole('button', { name: 'Move' })).toBeDisabled();
    });

    it('says when the days cannot be loaded, and tries again', async () => {
      const fetchMock = stubRota({
        'GET /api/rota/move-options': [
          { status: 500, body: { statusCode: 500, message: 'Internal server error' } },
          { body: moveOptions },
        ],
      });
      renderRota();

      const dialog = await startEdit(user, 'Move to another day');
      expect(
        await within(dialog).findByText('Failed to load the days this duty can move to'),
      ).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Retry' }));

      expect(await within(dialog).findByRole('textbox', { name: 'Move to' })).toBeInTheDocument();
      expect(callCount(fetchMock, 'GET /api/rota/move-options')).toBe(2);
    });

    it('says "Slots full" when someone filled the day meanwhile', async () => {
      stubRota({
        'POST /api/rota/move': conflict(
          'Both Duty Manager slots are already filled for this day',
          'slots_full',
        ),
      });
      renderRota();

      const dialog = await startEdit(user, 'Move to another day');
      await typeMoveDate(user, dialog, '2025-09-10');
      await user.click(within(dialog).getByRole('button', { name: 'Move' }));

      const alert = await findToast('alert', 'Slots full');
      expect(alert).toHaveTextContent('Both Duty Manager slots are already filled for this day');
      expect(within(dialog).getByRole('button', { name: 'Move' })).toBeInTheDocument();
    });
  });
});

describe('Overriding a working pattern or a weekly cap', () => {
  let user: UserEvent;

  beforeEach(() => {
    user = setupUser();
    storeToken();
  });

  const NOT_WORKING = conflict("Cat Rowe doesn't work on Mondays", 'not_working_day');
  const OVER_CAP = conflict(
    'Alice Smith already has 2 duties that week, her weekly cap',
    'over_weekly_cap',
  );

  /**
   * The confirmation: found by its question, since antd's ids are all "test-id" under test and the
   * dialog's accessible name can't be resolved.
   */
  function findConfirm(): Promise<HTMLElement> {
    return waitFor(() => {
      const confirm = screen
        .getAllByRole('dialog')
        .find((element) => within(element).queryAllByText('Assign anyway?').length > 0);
      if (!confirm) throw new Error('no "Assign anyway?" confirmation');
      return confirm;
    });
  }

  async function replaceWithCat(dialog: HTMLElement) {
    await within(dialog).findByRole('combobox', { name: 'Staff member' });
    await choose(user, dialog, 'Staff member', 'Cat Rowe');
    await user.click(within(dialog).getByRole('button', { name: 'Replace' }));
  }

  it("asks, with the server's message, and on confirming sends the same replace with override", async () => {
    const fetchMock = stubRota({
      'POST /api/rota/replace': [
        NOT_WORKING,
        { body: editResult("Cat Rowe takes Alice Smith's duty on Monday 8 September 2025.") },
      ],
    });
    renderRota();
    const dialog = await startEdit(user, 'Replace with…');
    await replaceWithCat(dialog);

    const confirm = await findConfirm();
    expect(confirm).toHaveTextContent("Cat Rowe doesn't work on Mondays");
    await user.click(within(confirm).getByRole('button', { name: 'Assign anyway' }));

    expect(await findToast('status', 'Duty replaced')).toHaveTextContent(
      "Cat Rowe takes Alice Smith's duty on Monday 8 September 2025.",
    );
    const first = {
      date: '2025-09-08',
      position: 1,
      staffId: cat.id,
      expectedStaffId: alice.id,
    };
    expect(sentBodies(fetchMock, 'POST /api/rota/replace')).toEqual([
      first,
      { ...first, override: true },
    ]);
  });

  it('changes nothing when the question is cancelled', async () => {
    const fetchMock = stubRota({ 'POST /api/rota/replace': NOT_WORKING });
    renderRota();
    const dialog = await startEdit(user, 'Replace with…');
    await replaceWithCat(dialog);
    const confirm = await findConfirm();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByText('Assign anyway?')).not.toBeInTheDocument());
    expect(callCount(fetchMock, 'POST /api/rota/replace')).toBe(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText('Duty replaced')).not.toBeInTheDocument();
    // Still on the form, with the choice made, to pick someone else.
    expect(within(dialog).getByRole('button', { name: 'Replace' })).toBeEnabled();
  });

  it('asks before moving a duty into a week at the cap, and resends the move with override', async () => {
    const fetchMock = stubRota({
      'POST /api/rota/move': [OVER_CAP, { body: editResult('Moved.') }],
    });
    renderRota();
    const dialog = await startEdit(user, 'Move to another day');
    await typeMoveDate(user, dialog, '2025-09-10');
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));

    const confirm = await findConfirm();
    expect(confirm).toHaveTextContent('Alice Smith already has 2 duties that week, her weekly cap');
    await user.click(within(confirm).getByRole('button', { name: 'Assign anyway' }));

    await findToast('status', 'Duty moved');
    expect(sentBodies(fetchMock, 'POST /api/rota/move')).toEqual([
      { date: '2025-09-08', position: 1, toDate: '2025-09-10' },
      { date: '2025-09-08', position: 1, toDate: '2025-09-10', override: true },
    ]);
  });

  it('does not offer to overrule a hard rule: a full day is refused as before', async () => {
    const fetchMock = stubRota({
      'POST /api/rota/replace': conflict('Both slots are full', 'slots_full'),
    });
    renderRota();
    const dialog = await startEdit(user, 'Replace with…');
    await replaceWithCat(dialog);

    expect(await findToast('alert', 'Slots full')).toBeInTheDocument();
    expect(screen.queryByText('Assign anyway?')).not.toBeInTheDocument();
    expect(callCount(fetchMock, 'POST /api/rota/replace')).toBe(1);
  });
});
