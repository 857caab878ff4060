import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { AccessContext, accessFor } from '@/shared/auth/access';
import {
  callCount,
  fill,
  renderWithProviders,
  sentBodies,
  setupUser,
  storeToken,
  stubFetch,
} from '@/testing/test-utils';

import {
  autoApproval,
  currentUser,
  currentWeek,
  rotaDay,
  swapRequest,
  dutyManagerDuty,
  otherDuty,
} from '@/testing/fixtures';
import { choose, findToast } from '@/testing/antd-helpers';
import {
  alice,
  allStaff,
  bob,
  candidate,
  candidates,
  cat,
  editResult,
  holiday,
  requestedRanges,
  gridCell,
  rotaGrid,
} from '@/testing/rota-fixtures';

import { WeeklyRotaWithDialogsPage } from './weekly-rota-page';

// The server's week of Monday 8 September 2025: Monday fully staffed, Tuesday with slot 2
// empty, nobody on Wednesday, a holiday on Thursday.
const week = [rotaDay('2025-09-08', [alice, bob]), rotaDay('2025-09-09', [alice, null])];
const inset = holiday({
  id: 'h-2',
  name: 'Training day',
  type: 'inset_day',
  startDate: '2025-09-11',
  endDate: '2025-09-11',
});

function renderWeek(role = 'admin', path = '/rota') {
  return renderWithProviders(
    <AccessContext value={accessFor(role)}>
      <WeeklyRotaWithDialogsPage />
    </AccessContext>,
    path,
  );
}

function stubWeek(overrides: Parameters<typeof stubFetch>[0] = {}) {
  return stubFetch({
    'GET /api/current-week': { body: currentWeek() },
    'GET /api/rota': { body: week },
    'GET /api/holidays': { body: [inset] },
    'GET /api/rota/closures': { body: [] },
    'GET /api/staff': { body: allStaff },
    ...overrides,
  });
}

function dayCard(weekday: string): HTMLElement {
  return screen.getByRole('region', { name: weekday });
}

describe('Weekly Rota', () => {
  let user: UserEvent;

  beforeEach(() => {
    // The browser's clock is elsewhere: the week must come from the server's "today".
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(2031, 0, 15, 9, 0) });
    user = setupUser();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('opens on the week a link names (?week=, any day of it)', async () => {
    const fetchMock = stubWeek();
    renderWeek('admin', '/rota?week=2025-12-10');

    expect(await screen.findByRole('region', { name: /Wednesday/ })).toBeVisible();
    await waitFor(() =>
      expect(requestedRanges(fetchMock, '/api/rota')).toContain('2025-12-08..2025-12-12'),
    );
  });

  it('shows the five days of the current week with their duty managers', async () => {
    const fetchMock = stubWeek();
    renderWeek();

    expect(screen.getByRole('heading', { level: 1, name: 'Weekly Rota' })).toBeInTheDocument();
    expect(screen.getByText('View and manage weekly duty assignments')).toBeInTheDocument();
    await screen.findByRole('region', { name: 'Monday' });
    expect(
      screen
        .getAllByRole('region')
        .map((region) => within(region).getByRole('heading').textContent),
    ).toEqual(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']);
    expect(requestedRanges(fetchMock, '/api/rota')).toEqual(['2025-09-08..2025-09-12']);
    expect(document.title).toBe('Weekly Rota · Duty Manager');

    const monday = dayCard('Monday');
    expect(monday).toHaveTextContent('8 September 2025');
    expect(monday).toHaveAttribute('aria-current', 'date');
    expect(within(monday).getByText('Today')).toBeInTheDocument();
    expect(within(monday).getByText('Assigned')).toBeInTheDocument();
    expect(
      within(monday).getByRole('button', { name: 'Duty Manager 1, Mon 8 Sep 2025: Alice Smith' }),
    ).toBeInTheDocument();
    expect(
      within(monday).getByRole('button', { name: 'Duty Manager 2, Mon 8 Sep 2025: Bob Jones' }),
    ).toBeInTheDocument();

    const tuesday = dayCard('Tuesday');
    expect(tuesday).not.toHaveAttribute('aria-current');
    expect(within(tuesday).queryByText('Today')).not.toBeInTheDocument();
    expect(within(tuesday).getByText('Assigned')).toBeInTheDocument();
    // Half filled: the empty slot is unfilled, not an unknown person.
    expect(
      within(tuesday).getByRole('button', { name: 'Duty Manager 2, Tue 9 Sep 2025: Unfilled' }),
    ).toHaveTextContent('Unfilled');
    expect(within(tuesday).queryByText('Unknown')).not.toBeInTheDocument();

    const wednesday = dayCard('Wednesday');
    expect(within(wednesday).getByText('No assignment')).toBeInTheDocument();
    expect(within(wednesday).queryByText('Assigned')).not.toBeInTheDocument();
    // Nobody on duty yet: one button to assign the first duty manager.
    expect(within(wednesday).getAllByRole('button')).toEqual([
      within(wednesday).getByRole('button', { name: 'Assign a duty manager, Wed 10 Sep 2025' }),
    ]);

    const thursday = dayCard('Thursday');
    expect(within(thursday).getByText('Holiday')).toBeInTheDocument();
    expect(within(thursday).getByText('Training day')).toBeInTheDocument();
    expect(within(thursday).getByText('inset day')).toBeInTheDocument();
    expect(within(thursday).queryByText('No assignment')).not.toBeInTheDocument();

    expect(dayCard('Friday')).toHaveTextContent('12 September 2025');
  });

  it('shows one name button per duty manager of the day', async () => {
    stubWeek({ 'GET /api/current-week': { body: currentWeek({ dutyManagersPerDay: 3 }) } });
    renderWeek();

    const monday = await screen.findByRole('region', { name: 'Monday' });
    await within(monday).findByText('Assigned');
    expect(within(monday).getAllByRole('button')).toHaveLength(3);
    expect(
      within(monday).getByRole('button', { name: 'Duty Manager 3, Mon 8 Sep 2025: Unfilled' }),
    ).toBeInTheDocument();
  });

  it('moves to the previous and next weeks and back to the current one', async () => {
    const fetchMock = stubWeek();
    renderWeek();
    await screen.findByRole('region', { name: 'Monday' });
    await within(dayCard('Monday')).findByText('Assigned');

    await user.click(screen.getByRole('button', { name: 'Next Week' }));

    await waitFor(() => expect(dayCard('Monday')).toHaveTextContent('15 September 2025'));
    expect(requestedRanges(fetchMock, '/api/rota')).toContain('2025-09-15..2025-09-19');
    expect(dayCard('Monday')).not.toHaveAttribute('aria-current');
    // The week's data is last week's dates: nobody shows on the new week.
    expect(await within(dayCard('Monday')).findByText('No assignment')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Previous Week' }));
    await user.click(screen.getByRole('button', { name: 'Previous Week' }));

    await waitFor(() => expect(dayCard('Monday')).toHaveTextContent('1 September 2025'));
    expect(requestedRanges(fetchMock, '/api/rota')).toContain('2025-09-01..2025-09-05');

    await user.click(screen.getByRole('button', { name: 'Current Week' }));

    await waitFor(() => expect(dayCard('Monday')).toHaveTextContent('8 September 2025'));
    expect(dayCard('Monday')).toHaveAttribute('aria-current', 'date');
  });

  it('opens the duty dialog for admins and managers', async () => {
    stubWeek({
      'GET /api/rota/candidates': { body: candidates('2025-09-09', [candidate(cat, 0)]) },
    });
    renderWeek('manager');

    await user.click(
      await screen.findByRole('button', { name: 'Duty Manager 2, Tue 9 Sep 2025: Unfilled' }),
    );

    const dialog = await screen.findByRole('dialog', {
      name: 'Duty Manager 2 — Tuesday 9 September 2025',
    });
    expect(within(dialog).getByRole('combobox', { name: 'Staff member' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Assign' })).toBeInTheDocument();
  });

  it('assigns someone to a day nobody is on yet', async () => {
    const fetchMock = stubWeek({
      'GET /api/rota/candidates': {
        body: candidates('2025-09-10', [candidate(cat, 0), candidate(bob, 2)]),
      },
      'POST /api/rota/replace': {
        body: editResult('Cat Rowe is on duty on Wednesday 10 September 2025.', [
          rotaDay('2025-09-10', [cat, null]),
        ]),
      },
    });
    renderWeek('manager');

    await user.click(
      await screen.findByRole('button', { name: 'Assign a duty manager, Wed 10 Sep 2025' }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Duty Manager 1 — Wednesday 10 September 2025',
    });
    await choose(user, dialog, 'Staff member', 'Cat Rowe');
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));

    const toast = await findToast('status', 'Staff assigned');
    expect(toast).toHaveTextContent('Cat Rowe is on duty on Wednesday 10 September 2025.');
    expect(sentBodies(fetchMock, 'POST /api/rota/replace')).toEqual([
      { date: '2025-09-10', position: 1, staffId: cat.id, expectedStaffId: null },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The week is read again, with the day's new duty manager.
    await waitFor(() => expect(callCount(fetchMock, 'GET /api/rota')).toBe(2));
  });

  it('offers Replace with…, Remove and Move to another day on a filled slot, and removes with a reason', async () => {
    const fetchMock = stubWeek({
      'POST /api/rota/remove': {
        body: editResult('Alice Smith is no longer on duty on Tuesday 9 September 2025.'),
      },
    });
    renderWeek('manager');

    await user.click(
      await screen.findByRole('button', { name: 'Duty Manager 1, Tue 9 Sep 2025: Alice Smith' }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Duty Manager 1 — Tuesday 9 September 2025',
    });
    const edits = within(dialog).getByRole('group', { name: 'Change the rota' });
    expect(within(edits).getByRole('button', { name: 'Replace with…' })).toBeEnabled();
    expect(within(edits).getByRole('button', { name: 'Move to another day' })).toBeEnabled();
    expect(await within(dialog).findByRole('button', { name: 'Request Swap' })).toBeInTheDocument();

    await user.click(within(edits).getByRole('button', { name: 'Remove' }));
    await fill(user, within(dialog).getByRole('textbox', { name: 'Reason' }), ' Off site ');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));

    const toast = await findToast('status', 'Duty removed');
    expect(toast).toHaveTextContent(
      'Alice Smith is no longer on duty on Tuesday 9 September 2025.',
    );
    expect(sentBodies(fetchMock, 'POST /api/rota/remove')).toEqual([
      { date: '2025-09-09', position: 1, reason: 'Off site' },
    ]);
    await waitFor(() => expect(callCount(fetchMock, 'GET /api/rota')).toBe(2));
  });

  it('shows a day out of term as such, with no Assign button', async () => {
    // Term starts on Wednesday 10 September.
    stubWeek({
      'GET /api/rota': { body: [] },
      'GET /api/rota/closures': {
        body: [
          {
            startDate: '2025-07-23',
            endDate: '2025-09-09',
            kind: 'out_of_term',
            label: 'Summer holiday',
          },
          {
            startDate: '2025-09-11',
            endDate: '2025-09-11',
            kind: 'holiday',
            label: 'Training day, Inset Day',
          },
        ],
      },
    });
    renderWeek();

    const tuesday = await screen.findByRole('region', { name: 'Tuesday' });
    expect(await within(tuesday).findByText('Out of term')).toBeInTheDocument();
    expect(within(tuesday).getByText('Summer holiday')).toBeInTheDocument();
    expect(within(tuesday).queryByText('No assignment')).not.toBeInTheDocument();
    expect(within(tuesday).queryByRole('button')).not.toBeInTheDocument();
    // Wednesday is a school day nobody is on yet.
    expect(
      within(dayCard('Wednesday')).getByRole('button', { name: /^Assign a duty manager/ }),
    ).toBeInTheDocument();
  });

  it('offers staff no Assign button on a day nobody is on', async () => {
    stubWeek();
    renderWeek('staff');

    const wednesday = await screen.findByRole('region', { name: 'Wednesday' });
    expect(await within(wednesday).findByText('No assignment')).toBeInTheDocument();
    expect(within(wednesday).queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows staff an empty slot as Unfilled, with nothing to assign', async () => {
    stubWeek();
    renderWeek('staff');

    const tuesday = await screen.findByRole('region', { name: 'Tuesday' });
    const empty = await within(tuesday).findByRole('button', {
      name: 'Duty Manager 2, Tue 9 Sep 2025: Unfilled',
    });
    expect(empty).toHaveTextContent('Unfilled');
    expect(screen.queryByText('Unknown')).not.toBeInTheDocument();
    expect(
      within(tuesday).getByRole('button', { name: 'Duty Manager 1, Tue 9 Sep 2025: Alice Smith' }),
    ).toBeInTheDocument();

    await user.click(empty);

    const dialog = await screen.findByRole('dialog', { name: 'Admin access required' });
    expect(dialog).toHaveTextContent('Only admins and managers can change the rota');
    expect(screen.queryByRole('combobox', { name: 'Staff member' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Assign' })).not.toBeInTheDocument();
  });

  it('explains to staff that changing the rota needs admin access, and what they can ask for', async () => {
    const fetchMock = stubWeek();
    const { router } = renderWeek('staff');

    await user.click(
      await screen.findByRole('button', { name: 'Duty Manager 1, Mon 8 Sep 2025: Alice Smith' }),
    );

    const dialog = await screen.findByRole('dialog', { name: 'Admin access required' });
    expect(dialog).toHaveTextContent('Only admins and managers can change the rota');
    expect(within(dialog).getByRole('link', { name: 'Swap Requests' })).toHaveAttribute(
      'href',
      '/swaps',
    );
    expect(within(dialog).getByRole('link', { name: 'Cancel Requests' })).toHaveAttribute(
      'href',
      '/cancel-requests',
    );
    expect(screen.queryByRole('combobox', { name: 'Staff member' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Assign' })).not.toBeInTheDocument();
    // Whose duty it is takes the staff list; Alice's is not this (signed-out) user's.
    await waitFor(() => expect(callCount(fetchMock, 'GET /api/staff')).toBe(1));
    expect(within(dialog).queryByRole('button', { name: 'Request Swap' })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('link', { name: 'Swap Requests' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/swaps'));
  });

  it('lets staff ask for a swap of their own duty from the admin-access dialog', async () => {
    storeToken();
    const fetchMock = stubWeek({
      'GET /api/auth/user': {
        body: currentUser({
          user: { id: 'u-2', name: 'Alice Smith', email: alice.email, role: 'staff' },
        }),
      },
      'GET /api/staff': {
        body: allStaff.map((p) => (p.id === alice.id ? { ...p, userId: 'u-2' } : p)),
      },
      'GET /api/auto-approval-settings': { body: autoApproval() },
      'GET /api/swap-requests/options': {
        body: {
          duties: ['2025-09-09'],
          colleagues: [{ id: cat.id, name: cat.name, isTeaching: true, tradeDates: [] }],
        },
      },
      'POST /api/swap-requests': {
        status: 201,
        body: {
          request: swapRequest('sw-1', alice, cat, {
            status: 'awaiting_colleague',
            originalDate: '2025-09-09',
            swapDate: '2025-09-09',
          }),
          processedAutomatically: false,
          message: 'Swap request sent to Cat Rowe. It waits for their answer.',
        },
      },
    });
    renderWeek('staff');

    await user.click(
      await screen.findByRole('button', { name: 'Duty Manager 1, Tue 9 Sep 2025: Alice Smith' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Admin access required' });
    expect(
      await within(dialog).findByText(
        /This is your duty: Duty Manager 1 on Tuesday 9 September 2025\./,
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Request Swap' }));

    await choose(user, dialog, 'Swap with', 'Cat Rowe');
    await fill(user, within(dialog).getByRole('textbox', { name: 'Reason' }), 'Parents evening');
    await user.click(within(dialog).getByRole('button', { name: 'Send Request' }));

    expect(
      await screen.findByText('Swap request sent to Cat Rowe. It waits for their answer.'),
    ).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST /api/swap-requests')).toEqual([
      {
        requesterId: alice.id,
        targetId: cat.id,
        originalDate: '2025-09-09',
        swapDate: '2025-09-09',
        reason: 'Parents evening',
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says when the week cannot be loaded, and tries again', async () => {
    stubWeek({
      'GET /api/rota': [
        { status: 500, body: { statusCode: 500, error: 'Error', message: '' } },
        { body: week },
      ],
    });
    renderWeek();

    expect(await screen.findByText('Failed to load the rota')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Retry' }));

    expect(await screen.findByRole('region', { name: 'Monday' })).toBeInTheDocument();
    expect(screen.queryByText('Failed to load the rota')).not.toBeInTheDocument();
  });

  it('prints the week', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    stubWeek();
    renderWeek();

    const button = screen.getByRole('button', { name: 'Print' });
    expect(button).toHaveClass('no-print');
    await user.click(button);

    expect(print).toHaveBeenCalledTimes(1);
  });
  describe('every duty', () => {
    const dutyManager = dutyManagerDuty({ id: 'd-1' });

    const lunch = otherDuty({ id: 'd-2' });

    const cell = gridCell;
    const grid = rotaGrid(
      [dutyManager, lunch],
      [
        { date: '2025-09-08', duties: [cell('d-1', 2, [alice, bob]), cell('d-2', 1, [cat])] },
        { date: '2025-09-09', duties: [cell('d-1', 2, [alice, null]), cell('d-2', 1, [null])] },
        { date: '2025-09-10', duties: [cell('d-1', 2, [null, null]), cell('d-2', 1, [null])] },
        { date: '2025-09-11', duties: [cell('d-1', 2, [null, null]), cell('d-2', 1, [null])] },
        { date: '2025-09-12', duties: [cell('d-1', 2, [null, null]), cell('d-2', 1, [null])] },
      ],
    );

    it('shows a school whose only duty is the Duty Manager the spec’s page, with no switch', async () => {
      const fetchMock = stubWeek({ 'GET /api/duties': { body: [dutyManager] } });
      renderWeek();

      await screen.findByRole('region', { name: 'Monday' });
      await waitFor(() => expect(callCount(fetchMock, 'GET /api/duties')).toBe(1));
      expect(screen.queryByRole('radiogroup', { name: 'Duties shown' })).toBeNull();
      expect(screen.queryByText('All duties')).toBeNull();
    });

    it('switches to every duty: a row per duty with its place and times, its people and what is unfilled', async () => {
      const fetchMock = stubWeek({
        'GET /api/duties': { body: [dutyManager, lunch] },
        'GET /api/rota/grid': { body: grid },
      });
      renderWeek();

      await screen.findByRole('region', { name: 'Monday' });
      await user.click(await screen.findByText('All duties'));

      const table = await screen.findByRole('table', { name: /^Every duty/ });
      const rows = within(table).getAllByRole('row');
      expect(
        within(rows[0]!)
          .getAllByRole('columnheader')
          .map((h) => h.textContent),
      ).toEqual([
        'Duty',
        'Mon 8 Sep 2025',
        'Tue 9 Sep 2025',
        'Wed 10 Sep 2025',
        'Thu 11 Sep 2025',
        'Fri 12 Sep 2025',
      ]);
      expect(within(rows[1]!).getByRole('rowheader')).toHaveTextContent('Duty ManagerAll day');
      expect(within(rows[2]!).getByRole('rowheader')).toHaveTextContent(
        'Lunch — Canteen12:30–13:10',
      );
      const cells = (row: HTMLElement) =>
        within(row)
          .getAllByRole('cell')
          .map((c) => c.textContent);
      expect(cells(rows[1]!)).toEqual([
        `${alice.name}${bob.name}`,
        `${alice.name}Unfilled`,
        'UnfilledUnfilled',
        'Training day',
        'UnfilledUnfilled',
      ]);
      expect(cells(rows[2]!)).toEqual([
        cat.name,
        'Unfilled',
        'Unfilled',
        'Training day',
        'Unfilled',
      ]);
      expect(requestedRanges(fetchMock, '/api/rota/grid')).toEqual(['2025-09-08..2025-09-12']);
      // The day cards are gone while the grid shows.
      expect(screen.queryByRole('region', { name: 'Monday' })).toBeNull();
    });

    /** The query of each GET /api/rota, e.g. "startDate=…&endDate=…&dutyId=d-2". */
    const rotaQueries = (fetchMock: { mock: { calls: unknown[][] } }) =>
      fetchMock.mock.calls
        .filter(([, init]) => ((init as RequestInit | undefined)?.method ?? 'GET') === 'GET')
        .map(([input]) => new URL(String(input), 'http://localhost'))
        .filter((url) => url.pathname === '/api/rota')
        .map((url) => url.searchParams.toString());

    it('prints under a heading naming the week, the duty or duties shown, the school and the print date', async () => {
      storeToken();
      stubWeek({
        'GET /api/auth/user': { body: currentUser() },
        'GET /api/duties': { body: [dutyManager, lunch] },
        'GET /api/rota/grid': { body: grid },
      });
      renderWeek('admin', '/rota?duty=d-2');

      await screen.findByRole('button', { name: 'Lunch — Canteen 1, Mon 8 Sep 2025: Alice Smith' });
      const heading = document.querySelector('.rota-print-title') as HTMLElement;
      expect(heading).toHaveTextContent(
        'Weekly Rota — Mon 8 Sep 2025 – Fri 12 Sep 2025Lunch — Canteen · 12:30–13:10',
      );
      await waitFor(() =>
        expect(heading).toHaveTextContent('Hillside Primary School · Printed 8 September 2025'),
      );

      await user.click(screen.getByText('All duties'));
      await screen.findByRole('table', { name: /^Every duty/ });
      expect(heading.querySelector('.rota-print-title__duties')).toHaveTextContent(/^All duties$/);

      await user.click(
        within(screen.getByRole('radiogroup', { name: 'Duties shown' })).getByText('Duty Manager'),
      );
      await screen.findByRole('button', { name: 'Duty Manager 1, Mon 8 Sep 2025: Alice Smith' });
      expect(heading.querySelector('.rota-print-title__duties')).toHaveTextContent(
        /^Duty Manager$/,
      );
    });

    it('prints a school whose only duty is the Duty Manager’s without naming a duty', async () => {
      stubWeek({ 'GET /api/duties': { body: [dutyManager] } });
      renderWeek();

      await screen.findByRole('button', { name: 'Duty Manager 1, Mon 8 Sep 2025: Alice Smith' });
      const heading = document.querySelector('.rota-print-title') as HTMLElement;
      expect(heading).toHaveTextContent(/^Weekly Rota — Mon 8 Sep 2025 – Fri 12 Sep 2025/);
      expect(heading.querySelector('.rota-print-title__duties')).toBeNull();
    });

    // Lunch in the canteen runs Monday to Wednesday, two people on Mondays; Cat is on it on Monday.
    const canteen = {
      ...lunch,
      weekdays: [
        { weekday: 1, people: 2 },
        { weekday: 2, people: 1 },
        { weekday: 3, people: 1 },
      ],
    };
    const lunchWeek = [rotaDay('2025-09-08', [cat])];

    it('switches to one duty: its week as the Duty Manager’s, its slots per weekday, the days it doesn’t run', async () => {
      const fetchMock = stubWeek({
        'GET /api/duties': { body: [dutyManager, canteen] },
        'GET /api/rota': [{ body: week }, { body: lunchWeek }],
      });
      renderWeek();

      await screen.findByRole('button', { name: 'Duty Manager 1, Mon 8 Sep 2025: Alice Smith' });
      await user.click(await screen.findByText('Lunch — Canteen'));

      expect(
        await screen.findByRole('button', { name: 'Lunch — Canteen 1, Mon 8 Sep 2025: Cat Rowe' }),
      ).toBeVisible();
      expect(
        screen.getByRole('button', { name: 'Lunch — Canteen 2, Mon 8 Sep 2025: Unfilled' }),
      ).toBeVisible();
      expect(rotaQueries(fetchMock)).toEqual([
        'startDate=2025-09-08&endDate=2025-09-12',
        'startDate=2025-09-08&endDate=2025-09-12&dutyId=d-2',
      ]);
      expect(
        within(dayCard('Tuesday')).getByRole('button', {
          name: 'Assign Lunch — Canteen, Tue 9 Sep 2025',
        }),
      ).toBeVisible();
      // It doesn't run on Fridays: nothing to assign.
      expect(within(dayCard('Friday')).getByText('Not running')).toBeVisible();
      expect(within(dayCard('Friday')).queryByRole('button')).toBeNull();
      expect(screen.queryByText('Alice Smith')).toBeNull();
    });

    it('assigns on one duty’s view: its candidates, and the assignment names the duty', async () => {
      const fetchMock = stubWeek({
        'GET /api/duties': { body: [dutyManager, canteen] },
        'GET /api/rota': { body: lunchWeek },
        'GET /api/rota/candidates': { body: candidates('2025-09-09', [candidate(bob, 1)]) },
        'POST /api/rota': { status: 201, body: rotaDay('2025-09-09', [bob]) },
      });
      renderWeek('manager', '/rota?duty=d-2');

      await user.click(
        await screen.findByRole('button', { name: 'Assign Lunch — Canteen, Tue 9 Sep 2025' }),
      );
      const dialog = await screen.findByRole('dialog', {
        name: 'Lunch — Canteen 1 — Tuesday 9 September 2025',
      });
      await choose(user, dialog, 'Staff member', 'Bob Jones');
      await user.click(within(dialog).getByRole('button', { name: 'Assign' }));

      const toast = await findToast('status', 'Staff assigned');
      expect(toast).toHaveTextContent(
        'Bob Jones is on Lunch — Canteen on Tuesday 9 September 2025',
      );
      expect(sentBodies(fetchMock, 'POST /api/rota')).toEqual([
        { date: '2025-09-09', slots: [bob.id], dutyId: 'd-2' },
      ]);
      const asked = fetchMock.mock.calls
        .map(([input]) => new URL(String(input), 'http://localhost'))
        .filter((url) => url.pathname === '/api/rota/candidates')
        .map((url) => url.searchParams.toString());
      // Asked again after the assignment: the rota changed.
      expect(new Set(asked)).toEqual(new Set(['date=2025-09-09&dutyId=d-2']));
      expect(rotaQueries(fetchMock).every((query) => query.endsWith('&dutyId=d-2'))).toBe(true);
    });

    /** Opens the dialog of Cat's Monday lunch slot on the canteen's week and picks `action`. */
    async function editCatsLunch(action: string): Promise<HTMLElement> {
      await user.click(
        await screen.findByRole('button', { name: 'Lunch — Canteen 1, Mon 8 Sep 2025: Cat Rowe' }),
      );
      const dialog = await screen.findByRole('dialog', {
        name: 'Lunch — Canteen 1 — Monday 8 September 2025',
      });
      const edits = within(dialog).getByRole('group', { name: 'Change the rota' });
      // Moving to another day is the Duty Manager duty's; so are the requests.
      expect(
        within(edits)
          .getAllByRole('button')
          .map((button) => button.textContent),
      ).toEqual(['Replace with…', 'Remove']);
      expect(within(dialog).queryByRole('group', { name: 'Or ask through a request' })).toBeNull();
      await user.click(within(edits).getByRole('button', { name: action }));
      return dialog;
    }

    it('replaces on one duty’s filled slot from its candidates, naming the duty', async () => {
      const fetchMock = stubWeek({
        'GET /api/duties': { body: [dutyManager, canteen] },
        'GET /api/rota': { body: lunchWeek },
        'GET /api/rota/candidates': { body: candidates('2025-09-08', [candidate(bob, 1)]) },
        'POST /api/rota/replace': {
          body: editResult("Bob Jones takes Cat Rowe's Lunch duty on Monday 8 September 2025.", [
            rotaDay('2025-09-08', [bob, null]),
          ]),
        },
      });
      renderWeek('manager', '/rota?duty=d-2');

      const dialog = await editCatsLunch('Replace with…');
      await choose(user, dialog, 'Staff member', 'Bob Jones');
      await fill(user, within(dialog).getByRole('textbox', { name: 'Reason' }), 'Trip');
      await user.click(within(dialog).getByRole('button', { name: 'Replace' }));

      const toast = await findToast('status', 'Duty replaced');
      expect(toast).toHaveTextContent(
        "Bob Jones takes Cat Rowe's Lunch duty on Monday 8 September 2025.",
      );
      expect(sentBodies(fetchMock, 'POST /api/rota/replace')).toEqual([
        {
          date: '2025-09-08',
          position: 1,
          staffId: bob.id,
          expectedStaffId: cat.id,
          reason: 'Trip',
          dutyId: 'd-2',
        },
      ]);
      const asked = fetchMock.mock.calls
        .map(([input]) => new URL(String(input), 'http://localhost'))
        .filter((url) => url.pathname === '/api/rota/candidates')
        .map((url) => url.searchParams.toString());
      expect(new Set(asked)).toEqual(new Set(['date=2025-09-08&dutyId=d-2']));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    });

    it('removes from one duty’s filled slot with the reason, naming the duty', async () => {
      const fetchMock = stubWeek({
        'GET /api/duties': { body: [dutyManager, canteen] },
        'GET /api/rota': { body: lunchWeek },
        'POST /api/rota/remove': {
          body: editResult('Cat Rowe is no longer on Lunch on Monday 8 September 2025.'),
        },
      });
      renderWeek('admin', '/rota?duty=d-2');

      const dialog = await editCatsLunch('Remove');
      await fill(user, within(dialog).getByRole('textbox', { name: 'Reason' }), ' Off site ');
      await user.click(within(dialog).getByRole('button', { name: 'Remove' }));

      const toast = await findToast('status', 'Duty removed');
      expect(toast).toHaveTextContent('Cat Rowe is no longer on Lunch on Monday 8 September 2025.');
      expect(sentBodies(fetchMock, 'POST /api/rota/remove')).toEqual([
        { date: '2025-09-08', position: 1, reason: 'Off site', dutyId: 'd-2' },
      ]);
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      // The duty's week is read again.
      await waitFor(() => expect(callCount(fetchMock, 'GET /api/rota')).toBe(2));
      expect(rotaQueries(fetchMock).every((query) => query.endsWith('&dutyId=d-2'))).toBe(true);
    });

    it('keeps the Duty Manager’s dialog as it was beside other duties: Move to another day and the requests, no dutyId', async () => {
      const fetchMock = stubWeek({
        'GET /api/duties': { body: [dutyManager, canteen] },
        'POST /api/rota/remove': {
          body: editResult('Alice Smith is no longer on duty on Monday 8 September 2025.'),
        },
      });
      renderWeek('manager');

      await user.click(
        await screen.findByRole('button', { name: 'Duty Manager 1, Mon 8 Sep 2025: Alice Smith' }),
      );
      const dialog = await screen.findByRole('dialog', {
        name: 'Duty Manager 1 — Monday 8 September 2025',
      });
      const edits = within(dialog).getByRole('group', { name: 'Change the rota' });
      expect(
        within(edits)
          .getAllByRole('button')
          .map((button) => button.textContent),
      ).toEqual(['Replace with…', 'Remove', 'Move to another day']);
      expect(
        await within(dialog).findByRole('group', { name: 'Or ask through a request' }),
      ).toBeVisible();
      await user.click(within(edits).getByRole('button', { name: 'Remove' }));
      await fill(user, within(dialog).getByRole('textbox', { name: 'Reason' }), 'Off site');
      await user.click(within(dialog).getByRole('button', { name: 'Remove' }));

      await findToast('status', 'Duty removed');
      expect(sentBodies(fetchMock, 'POST /api/rota/remove')).toEqual([
        { date: '2025-09-08', position: 1, reason: 'Off site' },
      ]);
    });

    it('offers the duties in a list when there are many', async () => {
      const more = ['Gate', 'Buses', 'Library'].map((name, i) => ({
        ...lunch,
        id: `d-${i + 3}`,
        name,
        place: null,
      }));
      const fetchMock = stubWeek({ 'GET /api/duties': { body: [dutyManager, lunch, ...more] } });
      renderWeek();

      await screen.findByRole('region', { name: 'Monday' });
      await choose(user, document.body, 'Duties shown', 'Buses');

      await waitFor(() =>
        expect(rotaQueries(fetchMock)).toContain(
          'startDate=2025-09-08&endDate=2025-09-12&dutyId=d-4',
        ),
      );
    });

    it('opens on every duty when the address says so, and goes back to the Duty Manager', async () => {
      stubWeek({
        'GET /api/duties': { body: [dutyManager, lunch] },
        'GET /api/rota/grid': { body: grid },
      });
      renderWeek('staff', '/rota?duty=all');

      expect(await screen.findByRole('table', { name: /^Every duty/ })).toBeVisible();
      await user.click(screen.getByText('Duty Manager', { selector: '.ant-segmented-item-label' }));
      expect(await screen.findByRole('region', { name: 'Monday' })).toBeVisible();
    });

    describe('your own duties', () => {
      /** One of the signed-in person's duties as GET /api/rota/mine sends it. */
      const mine = (date: string, duty: typeof lunch) => ({
        date,
        dutyId: duty.id,
        isDutyManager: duty.isDutyManager,
        name: duty.name,
        place: duty.place,
        startTime: duty.startTime,
        endTime: duty.endTime,
        description: duty.description || null,
        position: 1,
      });

      it('shows on each day card your duties of every kind with place and times, all-day first, on any duty shown', async () => {
        const fetchMock = stubWeek({
          'GET /api/duties': { body: [dutyManager, lunch] },
          'GET /api/rota/mine': {
            body: [
              mine('2025-09-09', lunch),
              mine('2025-09-09', dutyManager),
              mine('2025-09-12', lunch),
            ],
          },
        });
        renderWeek('staff');

        const tuesday = await within(
          await screen.findByRole('region', { name: 'Tuesday' }),
        ).findByRole('list', {
          name: 'Your duties, Tue 9 Sep',
        });
        expect(
          within(tuesday)
            .getAllByRole('listitem')
            .map((item) => item.textContent),
        ).toEqual(['Duty Manager · All day', 'Lunch — Canteen · 12:30–13:10']);
        expect(
          within(dayCard('Friday')).getByRole('list', { name: 'Your duties, Fri 12 Sep' })
            .textContent,
        ).toBe('Lunch — Canteen · 12:30–13:10');
        expect(within(dayCard('Monday')).queryByText('Your duties')).toBeNull();

        // Showing the lunch duty's week, the days still list yours of every kind.
        await user.click(
          screen.getByText('Lunch — Canteen', { selector: '.ant-segmented-item-label' }),
        );
        await waitFor(() =>
          expect(rotaQueries(fetchMock)).toContain(
            'startDate=2025-09-08&endDate=2025-09-12&dutyId=d-2',
          ),
        );
        // The lunch duty's week loads in its place (a skeleton until then): wait for its days.
        expect(
          await within(await screen.findByRole('region', { name: 'Tuesday' })).findByRole('list', {
            name: 'Your duties, Tue 9 Sep',
          }),
        ).toBeVisible();
        // One request for the academic year, shared by the weeks.
        expect(requestedRanges(fetchMock, '/api/rota/mine')).toEqual(['2025-09-01..2026-08-31']);
      });

      it('asks nothing more of a school whose only duty is the Duty Manager', async () => {
        const fetchMock = stubWeek({ 'GET /api/duties': { body: [dutyManager] } });
        renderWeek('staff');

        await screen.findByRole('region', { name: 'Monday' });
        await waitFor(() => expect(callCount(fetchMock, 'GET /api/duties')).toBe(1));
        expect(callCount(fetchMock, 'GET /api/rota/mine')).toBe(0);
        expect(screen.queryByText('Your duties')).toBeNull();
      });

      it('says when your duties cannot be loaded, above the week it still shows', async () => {
        stubWeek({
          'GET /api/duties': { body: [dutyManager, lunch] },
          'GET /api/rota/mine': { status: 500, body: { message: 'Database unavailable' } },
        });
        renderWeek('staff');

        expect(await screen.findByText('Failed to load your duties')).toBeInTheDocument();
        expect(screen.getByText('Database unavailable')).toBeInTheDocument();
        expect(dayCard('Monday')).toBeVisible();
        expect(screen.getByRole('button', { name: 'Retry' })).toBeEnabled();
      });
    });
  });
});
