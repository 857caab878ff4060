import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { AccessContext, accessFor } from '@/shared/auth/access';
import { staffColour } from '@/shared/lib/staff-colours';
import { renderWithProviders, setupUser, storeToken, stubFetch } from '@/testing/test-utils';
import { choose } from '@/testing/antd-helpers';
import { stubScreenWidth } from '@/testing/viewport';

import { currentUser, currentWeek, rotaDay, dutyManagerDuty, otherDuty } from '@/testing/fixtures';
import {
  alice,
  bob,
  candidate,
  candidates,
  cat,
  holiday,
  requestedRanges,
  gridCell,
  rotaGrid,
} from '@/testing/rota-fixtures';

import { MonthlyRotaWithDialog } from './monthly-rota-with-dialog';

function renderMonthlyRota(role = 'admin') {
  return renderWithProviders(
    <AccessContext value={accessFor(role)}>
      <MonthlyRotaWithDialog />
    </AccessContext>,
  );
}

function stubRota(overrides: Parameters<typeof stubFetch>[0] = {}) {
  return stubFetch({
    'GET /api/current-week': { body: currentWeek() },
    'GET /api/rota': {
      body: [rotaDay('2025-09-08', [alice, bob]), rotaDay('2025-09-09', [alice, null])],
    },
    'GET /api/holidays': { body: [holiday()] },
    'GET /api/rota/closures': { body: [] },
    ...overrides,
  });
}

/** The month picker, once its code has come (LazySelect holds its place until then). */
function monthPicker(): Promise<HTMLElement> {
  return screen.findByRole('combobox', { name: 'Month' });
}

/** The month shown in the picker. */
async function shownMonth(): Promise<string | null> {
  const picker = (await monthPicker()).closest('.ant-select');
  return picker?.querySelector('[title]')?.getAttribute('title') ?? null;
}

async function pickMonth(user: UserEvent, label: string) {
  await user.click(await monthPicker());
  const option = (await screen.findAllByTitle(label)).find((element) =>
    element.classList.contains('ant-select-item-option'),
  );
  if (!option) throw new Error(`no ${label} option`);
  await user.click(option);
}

describe('Monthly Rota', () => {
  let user: UserEvent;

  beforeEach(() => {
    // The browser's clock is years away: the month must come from the server's "today".
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(2031, 0, 15, 9, 0) });
    user = setupUser();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it("shows the server's current month in numbered weeks of weekday slots", async () => {
    const fetchMock = stubRota();
    renderMonthlyRota();

    const card = screen.getByRole('region', { name: 'Monthly Rota' });
    expect(
      await within(card).findByRole('heading', { level: 3, name: 'Week 1' }),
    ).toBeInTheDocument();
    expect(
      within(card)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Week 1', 'Week 2', 'Week 3', 'Week 4', 'Week 5']);
    expect(within(card).getByRole('group', { name: 'Week 1 1 Sep – 5 Sep' })).toBeInTheDocument();
    expect(within(card).getByRole('group', { name: 'Week 5 29 Sep – 30 Sep' })).toBeInTheDocument();
    expect(await shownMonth()).toBe('September 2025');
    expect(requestedRanges(fetchMock, '/api/rota')).toEqual(['2025-09-01..2025-09-30']);
    expect(requestedRanges(fetchMock, '/api/holidays')).toEqual(['2025-09-01..2025-09-30']);

    // 22 weekdays, one a holiday: 21 days × 2 slots, 3 of them filled.
    expect(within(card).getAllByText('Click to assign')).toHaveLength(39);
    expect(within(card).getAllByRole('button', { name: /^Duty Manager \d, / })).toHaveLength(42);

    const aliceChip = within(card).getByRole('button', {
      name: 'Duty Manager 1, Mon 8 Sep 2025: Alice Smith',
    });
    expect(aliceChip).toHaveStyle({ backgroundColor: staffColour(alice.id).background });
    expect(
      within(card).getByRole('button', { name: 'Duty Manager 2, Mon 8 Sep 2025: Bob Jones' }),
    ).toBeInTheDocument();
    expect(
      within(card).getByRole('button', { name: 'Duty Manager 2, Tue 9 Sep 2025: Click to assign' }),
    ).toBeInTheDocument();

    // Today is marked.
    expect(card.querySelector('[aria-current="date"]')).toHaveAttribute('datetime', '2025-09-08');
    // Already on the current month: no Today button.
    expect(within(card).queryByRole('button', { name: 'Today' })).not.toBeInTheDocument();
  });

  it('shows someone without rota rights an empty slot as Unfilled, with nothing to assign', async () => {
    stubRota();
    renderMonthlyRota('staff');

    const card = screen.getByRole('region', { name: 'Monthly Rota' });
    const empty = await within(card).findByRole('button', {
      name: 'Duty Manager 2, Tue 9 Sep 2025: Unfilled',
    });
    expect(empty).toHaveTextContent('Unfilled');
    expect(within(card).getAllByText('Unfilled')).toHaveLength(39);
    expect(within(card).queryByText('Click to assign')).not.toBeInTheDocument();
    expect(
      within(card).getByRole('button', { name: 'Duty Manager 1, Tue 9 Sep 2025: Alice Smith' }),
    ).toBeInTheDocument();

    await user.click(empty);

    const dialog = await screen.findByRole('dialog', {
      name: 'Duty Manager 2 — Tuesday 9 September 2025',
    });
    expect(dialog).toHaveTextContent('Nobody is on duty in this slot yet.');
    expect(
      within(dialog).queryByRole('combobox', { name: 'Staff member' }),
    ).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Assign' })).not.toBeInTheDocument();
  });

  it('invites a manager to assign someone to an empty slot', async () => {
    stubRota({
      'GET /api/rota/candidates': {
        body: candidates('2025-09-09', [candidate(bob, 0), candidate(cat, 1)]),
      },
    });
    renderMonthlyRota('manager');

    const empty = await screen.findByRole('button', {
      name: 'Duty Manager 2, Tue 9 Sep 2025: Click to assign',
    });
    expect(empty).toHaveTextContent('Click to assign');
    expect(screen.queryByText('Unfilled')).not.toBeInTheDocument();

    await user.click(empty);

    const dialog = await screen.findByRole('dialog', {
      name: 'Duty Manager 2 — Tuesday 9 September 2025',
    });
    expect(
      await within(dialog).findByRole('combobox', { name: 'Staff member' }),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Assign' })).toBeInTheDocument();
  });

  it('shows holidays with a badge, name and type, and no slots to click', async () => {
    stubRota();
    renderMonthlyRota();

    const week1 = await screen.findByRole('group', { name: 'Week 1 1 Sep – 5 Sep' });
    const monday = week1.querySelector('[data-date="2025-09-01"]') as HTMLElement;
    expect(within(monday).getByText('Holiday')).toHaveClass('ant-tag-orange');
    expect(within(monday).getByText('Staff training')).toBeInTheDocument();
    expect(within(monday).getByText('inset day')).toBeInTheDocument();
    expect(within(monday).queryByRole('button')).not.toBeInTheDocument();
    expect(within(week1).getAllByRole('button')).toHaveLength(8);
  });

  it('shows the days out of term as such: no slots to click, nothing counted as a gap', async () => {
    // The autumn term starts on Wednesday 3 September: Tuesday 2nd is still the summer holiday.
    stubRota({
      'GET /api/rota/closures': {
        body: [
          {
            startDate: '2025-08-01',
            endDate: '2025-09-02',
            kind: 'out_of_term',
            label: 'Summer holiday',
          },
          {
            startDate: '2025-09-01',
            endDate: '2025-09-01',
            kind: 'holiday',
            label: 'Staff training, Inset Day',
          },
        ],
      },
    });
    renderMonthlyRota();

    const week1 = await screen.findByRole('group', { name: 'Week 1 1 Sep – 5 Sep' });
    const tuesday = week1.querySelector('[data-date="2025-09-02"]') as HTMLElement;
    expect(within(tuesday).getByText('Out of term')).toBeInTheDocument();
    expect(within(tuesday).getByText('Summer holiday')).toBeInTheDocument();
    expect(within(tuesday).queryByRole('button')).not.toBeInTheDocument();
    expect(within(tuesday).queryByText('Click to assign')).not.toBeInTheDocument();
    // A holiday inside the break still shows as the holiday.
    const monday = week1.querySelector('[data-date="2025-09-01"]') as HTMLElement;
    expect(within(monday).getByText('Holiday')).toBeInTheDocument();
    expect(within(monday).queryByText('Out of term')).not.toBeInTheDocument();
    // Wednesday to Friday are school days: 3 × 2 slots.
    expect(within(week1).getAllByRole('button')).toHaveLength(6);
  });

  it('prints under a heading with the school and the day it was printed', async () => {
    storeToken();
    stubRota({ 'GET /api/auth/user': { body: currentUser() } });
    renderMonthlyRota();

    const card = screen.getByRole('region', { name: 'Monthly Rota' });
    await within(card).findByRole('heading', { level: 3, name: 'Week 1' });
    const heading = card.querySelector('.rota-print-title') as HTMLElement;
    expect(heading).toHaveTextContent('Monthly Rota — September 2025');
    await waitFor(() =>
      expect(heading).toHaveTextContent('Hillside Primary School · Printed 8 September 2025'),
    );
  });

  it('shows as many slots per day as the organisation has duty managers', async () => {
    stubRota({ 'GET /api/current-week': { body: currentWeek({ dutyManagersPerDay: 3 }) } });
    renderMonthlyRota();

    expect(
      await screen.findByRole('button', {
        name: 'Duty Manager 3, Mon 8 Sep 2025: Click to assign',
      }),
    ).toBeInTheDocument();
    expect(screen.getAllByText('Click to assign')).toHaveLength(21 * 3 - 3);
    expect(screen.queryByRole('button', { name: /^Duty Manager 4, / })).not.toBeInTheDocument();
  });

  it('moves between months and back to today', async () => {
    const fetchMock = stubRota();
    renderMonthlyRota();
    await screen.findByRole('heading', { name: 'Week 1' });

    await user.click(screen.getByRole('button', { name: 'Next month' }));

    expect(await screen.findByRole('group', { name: 'Week 1 1 Oct – 3 Oct' })).toBeInTheDocument();
    expect(await shownMonth()).toBe('October 2025');
    expect(requestedRanges(fetchMock, '/api/rota')).toContain('2025-10-01..2025-10-31');
    // September's people are not October's.
    expect(screen.queryByText('Alice Smith')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Today' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Today' }));

    expect(await screen.findByRole('group', { name: 'Week 1 1 Sep – 5 Sep' })).toBeInTheDocument();
    expect(await shownMonth()).toBe('September 2025');
    expect(screen.queryByRole('button', { name: 'Today' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Previous month' }));

    expect(await screen.findByRole('group', { name: 'Week 1 1 Aug' })).toBeInTheDocument();
    expect(await shownMonth()).toBe('August 2025');
    expect(requestedRanges(fetchMock, '/api/rota')).toContain('2025-08-01..2025-08-31');
  });

  it('picks a month from the dropdown', async () => {
    const fetchMock = stubRota();
    renderMonthlyRota();
    await screen.findByRole('heading', { name: 'Week 1' });

    await user.click(await monthPicker());
    const option = (await screen.findAllByTitle('November 2025')).find((element) =>
      element.classList.contains('ant-select-item-option'),
    );
    if (!option) throw new Error('no November 2025 option');
    await user.click(option);

    expect(await screen.findByRole('group', { name: 'Week 1 3 Nov – 7 Nov' })).toBeInTheDocument();
    expect(requestedRanges(fetchMock, '/api/rota')).toContain('2025-11-01..2025-11-30');
    expect(screen.getByRole('button', { name: 'Today' })).toBeInTheDocument();
  });

  it('stops the month arrows at the ends of the month list (January this year to December next)', async () => {
    stubRota();
    renderMonthlyRota();
    await screen.findByRole('heading', { name: 'Week 1' });

    await pickMonth(user, 'January 2025');

    await waitFor(async () => expect(await shownMonth()).toBe('January 2025'));
    expect(screen.getByRole('button', { name: 'Previous month' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next month' })).toBeEnabled();

    await pickMonth(user, 'December 2026');

    await waitFor(async () => expect(await shownMonth()).toBe('December 2026'));
    expect(screen.getByRole('button', { name: 'Next month' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Previous month' }));

    await waitFor(async () => expect(await shownMonth()).toBe('November 2026'));
    expect(screen.getByRole('button', { name: 'Next month' })).toBeEnabled();
  });

  it('says when the rota cannot be loaded, and tries again', async () => {
    stubRota({
      'GET /api/rota': [
        {
          status: 500,
          body: {
            statusCode: 500,
            message: 'Database unavailable',
            error: 'Internal Server Error',
          },
        },
        { body: [] },
      ],
    });
    renderMonthlyRota();

    expect(await screen.findByText('Failed to load the rota')).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Retry' }));

    expect(await screen.findByRole('heading', { name: 'Week 1' })).toBeInTheDocument();
    expect(screen.queryByText('Failed to load the rota')).not.toBeInTheDocument();
  });

  it('shows a placeholder while loading', async () => {
    stubRota();
    renderMonthlyRota();

    expect(screen.getByRole('status', { name: 'Loading the rota' })).toBeInTheDocument();
    await screen.findByRole('heading', { name: 'Week 1' });
    expect(screen.queryByRole('status', { name: 'Loading the rota' })).not.toBeInTheDocument();
  });

  it('prints the rota', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    stubRota();
    renderMonthlyRota();

    const button = screen.getByRole('button', { name: 'Print' });
    expect(button).toHaveClass('no-print');
    await user.click(button);

    expect(print).toHaveBeenCalledTimes(1);
    expect(document.body).toHaveClass('rota-printing');
    window.dispatchEvent(new Event('afterprint'));
    expect(document.body).not.toHaveClass('rota-printing');
  });

  it('opens the duty dialog for a slot, and closes it with Escape', async () => {
    stubRota({ 'GET /api/staff': { body: [] } });
    renderMonthlyRota();

    await user.click(
      await screen.findByRole('button', { name: 'Duty Manager 2, Mon 8 Sep 2025: Bob Jones' }),
    );

    const dialog = await screen.findByRole('dialog', {
      name: 'Duty Manager 2 — Monday 8 September 2025',
    });
    expect(within(dialog).getByText('Bob Jones')).toBeInTheDocument();

    await user.keyboard('{Escape}');

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  describe('on a phone', () => {
    beforeEach(() => stubScreenWidth(390));

    it('opens at this week: the weeks already past are folded under a header that opens from the keyboard', async () => {
      stubRota();
      renderMonthlyRota();

      const card = screen.getByRole('region', { name: 'Monthly Rota' });
      const thisWeek = await within(card).findByRole('button', { name: 'Week 2 8 Sep – 12 Sep' });
      expect(thisWeek).toHaveAttribute('aria-expanded', 'true');
      const days = within(card).getByRole('group', { name: 'Week 2 8 Sep – 12 Sep' });
      expect(days.querySelector('[aria-current="date"]')).toHaveAttribute('datetime', '2025-09-08');
      expect(
        within(card)
          .getAllByRole('button', { name: /^Week \d/ })
          .map((header) => [header.textContent, header.getAttribute('aria-expanded')]),
      ).toEqual([
        ['Week 1 1 Sep – 5 Sep', 'false'],
        ['Week 2 8 Sep – 12 Sep', 'true'],
        ['Week 3 15 Sep – 19 Sep', 'true'],
        ['Week 4 22 Sep – 26 Sep', 'true'],
        ['Week 5 29 Sep – 30 Sep', 'true'],
      ]);
      // Week 1's days are not on the page until it is opened.
      expect(card.querySelector('time[datetime="2025-09-02"]')).toBeNull();

      const pastWeek = within(card).getByRole('button', { name: 'Week 1 1 Sep – 5 Sep' });
      pastWeek.focus();
      await user.keyboard('{Enter}');

      expect(pastWeek).toHaveAttribute('aria-expanded', 'true');
      expect(
        within(within(card).getByRole('group', { name: 'Week 1 1 Sep – 5 Sep' })).getByRole(
          'button',
          { name: 'Duty Manager 1, Tue 2 Sep 2025: Click to assign' },
        ),
      ).toBeVisible();
    });

    it('shows a month chosen on purpose in full, past or not', async () => {
      stubRota();
      renderMonthlyRota();
      await screen.findByRole('button', { name: 'Week 1 1 Sep – 5 Sep' });

      await user.click(screen.getByRole('button', { name: 'Previous month' }));

      const august = await screen.findByRole('button', { name: 'Week 1 1 Aug' });
      expect(august).toHaveAttribute('aria-expanded', 'true');
      expect(
        screen
          .getAllByRole('button', { name: /^Week \d/ })
          .every((header) => header.getAttribute('aria-expanded') === 'true'),
      ).toBe(true);
    });
  });

  describe('every duty', () => {
    const dutyManager = dutyManagerDuty({ id: 'd-1' });

    // Lunch in the canteen, one person on Mondays and Tuesdays only.
    const lunch = otherDuty({
      id: 'd-2',
      weekdays: [1, 2].map((weekday) => ({ weekday, people: 1 })),
    });

    /** The query of each GET /api/rota. */
    const rotaQueries = (fetchMock: { mock: { calls: unknown[][] } }) =>
      fetchMock.mock.calls
        .filter(([, init]) => ((init as RequestInit | undefined)?.method ?? 'GET') === 'GET')
        .map(([input]) => new URL(String(input), 'http://localhost'))
        .filter((url) => url.pathname === '/api/rota')
        .map((url) => url.searchParams.toString());

    it('shows a school whose only duty is the Duty Manager the spec’s month, with no switch', async () => {
      const fetchMock = stubRota({ 'GET /api/duties': { body: [dutyManager] } });
      renderMonthlyRota();

      await screen.findByRole('button', { name: 'Duty Manager 1, Mon 8 Sep 2025: Alice Smith' });
      await waitFor(() =>
        expect(fetchMock.mock.calls.some(([input]) => String(input).includes('/api/duties'))).toBe(
          true,
        ),
      );
      expect(screen.queryByRole('radiogroup', { name: 'Duties shown' })).toBeNull();
      expect(screen.queryByText('All duties')).toBeNull();
      expect(rotaQueries(fetchMock)).toEqual(['startDate=2025-09-01&endDate=2025-09-30']);
    });

    it('prints one duty’s month under its name, place and times', async () => {
      storeToken();
      stubRota({
        'GET /api/auth/user': { body: currentUser() },
        'GET /api/duties': { body: [dutyManager, lunch] },
        'GET /api/rota': [
          { body: [rotaDay('2025-09-08', [alice, bob])] },
          { body: [rotaDay('2025-09-08', [cat])] },
        ],
      });
      renderMonthlyRota();

      const card = screen.getByRole('region', { name: 'Monthly Rota' });
      await within(card).findByRole('button', {
        name: 'Duty Manager 1, Mon 8 Sep 2025: Alice Smith',
      });
      const heading = card.querySelector('.rota-print-title') as HTMLElement;
      expect(heading.querySelector('.rota-print-title__duties')).toHaveTextContent(
        /^Duty Manager$/,
      );
      await user.click(within(card).getByText('Lunch — Canteen'));
      await within(card).findByRole('button', {
        name: 'Lunch — Canteen 1, Mon 8 Sep 2025: Cat Rowe',
      });
      expect(heading).toHaveTextContent(
        'Monthly Rota — September 2025Lunch — Canteen · 12:30–13:10',
      );
      await waitFor(() =>
        expect(heading).toHaveTextContent('Hillside Primary School · Printed 8 September 2025'),
      );
    });

    it('switches to one duty’s month: its slots, the weekdays it doesn’t run, its rota asked by duty', async () => {
      const fetchMock = stubRota({
        'GET /api/duties': { body: [dutyManager, lunch] },
        'GET /api/rota': [
          { body: [rotaDay('2025-09-08', [alice, bob])] },
          { body: [rotaDay('2025-09-08', [cat])] },
        ],
      });
      renderMonthlyRota();

      const card = screen.getByRole('region', { name: 'Monthly Rota' });
      await within(card).findByRole('button', {
        name: 'Duty Manager 1, Mon 8 Sep 2025: Alice Smith',
      });
      await user.click(within(card).getByText('Lunch — Canteen'));

      expect(
        await within(card).findByRole('button', {
          name: 'Lunch — Canteen 1, Mon 8 Sep 2025: Cat Rowe',
        }),
      ).toBeVisible();
      expect(
        within(card).getByRole('button', {
          name: 'Lunch — Canteen 1, Tue 9 Sep 2025: Click to assign',
        }),
      ).toBeVisible();
      // Wednesdays to Fridays: not running, nothing to click.
      expect(within(card).getAllByText('Not running')).toHaveLength(12);
      expect(within(card).queryByRole('button', { name: /^Duty Manager/ })).toBeNull();
      expect(rotaQueries(fetchMock)).toEqual([
        'startDate=2025-09-01&endDate=2025-09-30',
        'startDate=2025-09-01&endDate=2025-09-30&dutyId=d-2',
      ]);
    });

    it('offers the duties as a list to pick from on a phone', async () => {
      stubScreenWidth(390);
      const fetchMock = stubRota({ 'GET /api/duties': { body: [dutyManager, lunch] } });
      renderMonthlyRota();

      const card = screen.getByRole('region', { name: 'Monthly Rota' });
      await within(card).findByRole('button', { name: 'Week 2 8 Sep – 12 Sep' });
      expect(screen.queryByRole('radiogroup', { name: 'Duties shown' })).toBeNull();
      await choose(user, card, 'Duties shown', 'Lunch — Canteen');

      await waitFor(() =>
        expect(rotaQueries(fetchMock)).toContain(
          'startDate=2025-09-01&endDate=2025-09-30&dutyId=d-2',
        ),
      );
    });

    it('shows every duty of each day with its people, compact', async () => {
      const cell = (dutyId: string, people: Parameters<typeof gridCell>[2]) =>
        gridCell(dutyId, people.length, people);
      const fetchMock = stubRota({
        'GET /api/duties': { body: [dutyManager, lunch] },
        'GET /api/rota/grid': {
          body: rotaGrid(
            [dutyManager, lunch],
            [
              { date: '2025-09-08', duties: [cell('d-1', [alice, bob]), cell('d-2', [cat])] },
              { date: '2025-09-10', duties: [cell('d-1', [alice, null])] },
            ],
          ),
        },
      });
      renderMonthlyRota();

      const card = screen.getByRole('region', { name: 'Monthly Rota' });
      await within(card).findByRole('button', {
        name: 'Duty Manager 1, Mon 8 Sep 2025: Alice Smith',
      });
      await user.click(within(card).getByText('All duties'));

      const monday = await waitFor(() => {
        const day = card.querySelector<HTMLElement>('[data-date="2025-09-08"]');
        if (!day?.querySelector('li')) throw new Error('not yet');
        return day;
      });
      expect([...monday.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
        'Duty Manager: Alice Smith, Bob Jones',
        'Lunch — Canteen: Cat Rowe',
      ]);
      const wednesday = card.querySelector<HTMLElement>('[data-date="2025-09-10"]')!;
      expect([...wednesday.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
        'Duty Manager: Alice Smith, Unfilled',
      ]);
      expect(requestedRanges(fetchMock, '/api/rota/grid')).toEqual(['2025-09-01..2025-09-30']);
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
      const gate = otherDuty({
        id: 'd-3',
        name: 'Gate',
        place: 'Front gate',
        startTime: '08:15',
        endTime: '08:45',
      });

      it('shows on each day your duties of every kind with place and times, in time order, all-day first', async () => {
        const fetchMock = stubRota({
          'GET /api/duties': { body: [dutyManager, lunch, gate] },
          // Out of order: the day puts them in time order.
          'GET /api/rota/mine': {
            body: [
              mine('2025-09-08', lunch),
              mine('2025-09-08', gate),
              mine('2025-09-08', dutyManager),
              mine('2025-09-09', lunch),
            ],
          },
        });
        renderMonthlyRota('staff');

        const monday = await screen.findByRole('list', { name: 'Your duties, Mon 8 Sep' });
        expect(
          within(monday)
            .getAllByRole('listitem')
            .map((item) => item.textContent),
        ).toEqual([
          'Duty Manager · All day',
          'Gate — Front gate · 08:15–08:45',
          'Lunch — Canteen · 12:30–13:10',
        ]);
        const tuesday = screen.getByRole('list', { name: 'Your duties, Tue 9 Sep' });
        expect(
          within(tuesday)
            .getAllByRole('listitem')
            .map((item) => item.textContent),
        ).toEqual(['Lunch — Canteen · 12:30–13:10']);
        // Beside the Duty Manager's slots, which stay as they were.
        expect(
          screen.getByRole('button', { name: 'Duty Manager 1, Mon 8 Sep 2025: Alice Smith' }),
        ).toBeInTheDocument();
        expect(screen.queryByRole('list', { name: 'Your duties, Wed 10 Sep' })).toBeNull();
        // The academic year, as My Rota and "Your next duties" ask: one answer for them all.
        expect(requestedRanges(fetchMock, '/api/rota/mine')).toEqual(['2025-09-01..2026-08-31']);
      });

      it('shows them compact on a phone, in the week that opens', async () => {
        stubScreenWidth(390);
        stubRota({
          'GET /api/duties': { body: [dutyManager, lunch] },
          'GET /api/rota/mine': { body: [mine('2025-09-08', lunch)] },
        });
        renderMonthlyRota('staff');

        const monday = await screen.findByRole('list', { name: 'Your duties, Mon 8 Sep' });
        expect(monday).toBeVisible();
        expect(monday.textContent).toBe('Lunch — Canteen · 12:30–13:10');
        expect(monday.closest('.my-duties-of-day')).not.toBeNull();
      });

      it('asks nothing more of a school whose only duty is the Duty Manager, and shows no such list', async () => {
        const fetchMock = stubRota({ 'GET /api/duties': { body: [dutyManager] } });
        renderMonthlyRota('staff');

        await screen.findByRole('button', { name: 'Duty Manager 1, Mon 8 Sep 2025: Alice Smith' });
        await waitFor(() => expect(requestedRanges(fetchMock, '/api/duties')).toHaveLength(1));
        expect(requestedRanges(fetchMock, '/api/rota/mine')).toEqual([]);
        expect(screen.queryByText('Your duties')).toBeNull();
      });

      it('says when your duties cannot be loaded, shows the rota meanwhile, and tries again', async () => {
        stubRota({
          'GET /api/duties': { body: [dutyManager, lunch] },
          'GET /api/rota/mine': [
            { status: 500, body: { message: 'Database unavailable' } },
            { body: [mine('2025-09-08', lunch)] },
          ],
        });
        renderMonthlyRota('staff');

        expect(await screen.findByText('Failed to load your duties')).toBeInTheDocument();
        expect(
          screen.getByRole('button', { name: 'Duty Manager 1, Mon 8 Sep 2025: Alice Smith' }),
        ).toBeInTheDocument();
        await user.click(screen.getByRole('button', { name: 'Retry' }));
        const monday = await screen.findByRole('list', { name: 'Your duties, Mon 8 Sep' });
        expect(monday.textContent).toBe('Lunch — Canteen · 12:30–13:10');
        expect(screen.queryByText('Failed to load your duties')).toBeNull();
      });
    });
  });
});
