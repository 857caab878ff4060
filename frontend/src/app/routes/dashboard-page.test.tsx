import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';

import type { Role } from '@/shared/auth/access';
import {
  currentUser,
  currentWeek,
  rotaDay,
  staffMember,
  swapRequest,
  dutyManagerDuty,
  otherDuty,
} from '@/testing/fixtures';
import { callCount, renderApp, setupUser, storeToken, stubFetch } from '@/testing/test-utils';
import { stubScreenWidth } from '@/testing/viewport';

const HEALTH = {
  from: '2025-09-08',
  to: '2026-07-21',
  violations: [],
  unfilledDays: [{ date: '2025-09-09', filled: 0, slots: 2 }],
  yearsWithoutTermDates: ['2025-2026'],
};

const NEW_SCHOOL = {
  steps: [
    { key: 'staff', done: true },
    { key: 'term_dates', done: false },
    { key: 'bank_holidays', done: false },
    { key: 'fill_rota', done: false },
    { key: 'invite_staff', done: false },
    { key: 'calendar', done: false },
  ],
  complete: false,
};

/** The Dashboard's other data, enough for it to render. */
function stubDashboard(role: Role, more: Parameters<typeof stubFetch>[0] = {}) {
  storeToken();
  return stubFetch({
    'GET /api/auth/user': { body: currentUser({ user: { role } }) },
    'GET /api/current-week': { body: currentWeek() },
    'GET /api/rota': { body: [] },
    'GET /api/holidays': { body: [] },
    'GET /api/rota/closures': { body: [] },
    'GET /api/audit-log': { body: { items: [], total: 0, page: 1, pageSize: 5 } },
    'GET /api/calendar/subscription': { body: { subscribed: false } },
    'GET /api/rota/health': { body: HEALTH },
    'GET /api/setup-checklist': { body: NEW_SCHOOL },
    ...more,
  });
}

describe('Dashboard', () => {
  it("shows an admin the first-run checklist, then the rota's health, above the summary strip", async () => {
    stubDashboard('admin');
    renderApp('/');

    // The shell's main, not the frame the skeleton stands in while the session is checked.
    await screen.findByRole('button', { name: 'Logout' });
    const main = screen.getByRole('main');
    const checklist = await within(main).findByRole('region', { name: 'Get started' });
    const health = await within(main).findByRole('button', {
      name: '1 school day needs someone',
    });
    expect(within(main).getByText('2025-2026 has no term dates yet')).toBeInTheDocument();
    expect(within(checklist).getByText('1 of 6 done')).toBeInTheDocument();
    // In this order on the page.
    expect(checklist.compareDocumentPosition(health) & Node.DOCUMENT_POSITION_FOLLOWING).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
    // The checklist's last step leads to the calendar subscription, further down this page (in
    // the part rendered after the first sections).
    await waitFor(() =>
      expect(document.getElementById('calendar-subscription')).toBeInTheDocument(),
    );
  });

  it("shows a manager the rota's health but not the checklist, which is an admin's", async () => {
    const fetchMock = stubDashboard('manager');
    renderApp('/');

    expect(
      await screen.findByRole('button', { name: '1 school day needs someone' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Get started' })).not.toBeInTheDocument();
    expect(callCount(fetchMock, 'GET /api/setup-checklist')).toBe(0);
  });

  it("shows staff neither the rota's health nor the checklist, nor asks for them", async () => {
    const fetchMock = stubDashboard('staff');
    renderApp('/');

    await screen.findByRole('button', { name: 'Logout' });
    const main = screen.getByRole('main');
    await within(main).findByRole('heading', { level: 1, name: 'Dashboard' });
    await waitFor(() => expect(callCount(fetchMock, 'GET /api/current-week')).toBeGreaterThan(0));
    expect(screen.queryByRole('region', { name: 'Get started' })).not.toBeInTheDocument();
    expect(screen.queryByText(/need(s)? someone/)).not.toBeInTheDocument();
    expect(callCount(fetchMock, 'GET /api/rota/health')).toBe(0);
    expect(callCount(fetchMock, 'GET /api/setup-checklist')).toBe(0);
  });

  describe('a school that runs other duties', () => {
    const dutyOf = (id: string, name: string, isDutyManager: boolean) =>
      isDutyManager
        ? dutyManagerDuty({ id, name, weekdays: [] })
        : otherDuty({ id, name, place: null, weekdays: [{ weekday: 2, people: 2 }], weight: 60 });

    const allDutiesHealth = {
      from: '2025-09-08',
      academicYear: '2025-2026',
      unfilledFrom: '2025-09-09',
      unfilledTo: '2026-07-21',
      duties: [],
      unfilled: [
        { dutyId: 'lunch', dutyName: 'Lunch', days: [{ date: '2025-09-09', missing: 2 }] },
      ],
    };

    it("shows a manager of a school with only the Duty Manager duty today's health line and asks nothing about other duties", async () => {
      const fetchMock = stubDashboard('manager', {
        'GET /api/duties': { body: [dutyOf('dm', 'Duty Manager', true)] },
        'GET /api/rota/health/all': { body: allDutiesHealth },
      });
      renderApp('/');

      expect(
        await screen.findByRole('button', { name: '1 school day needs someone' }),
      ).toBeInTheDocument();
      await waitFor(() => expect(callCount(fetchMock, 'GET /api/duties')).toBeGreaterThan(0));
      expect(screen.queryByText('Other duties')).not.toBeInTheDocument();
      expect(callCount(fetchMock, 'GET /api/rota/health/all')).toBe(0);
    });

    it("shows a manager of a school with two duties the other duty's days below the Duty Manager's", async () => {
      stubDashboard('manager', {
        'GET /api/duties': {
          body: [dutyOf('dm', 'Duty Manager', true), dutyOf('lunch', 'Lunch', false)],
        },
        'GET /api/rota/health/all': { body: allDutiesHealth },
      });
      renderApp('/');

      const dutyManager = await screen.findByRole('button', { name: '1 school day needs someone' });
      const lunch = await screen.findByRole('button', {
        name: 'Lunch: 1 school day needs someone',
      });
      expect(dutyManager.compareDocumentPosition(lunch) & Node.DOCUMENT_POSITION_FOLLOWING).toBe(
        Node.DOCUMENT_POSITION_FOLLOWING,
      );
      expect(screen.getByRole('button', { name: 'Fill every duty' })).toBeInTheDocument();
    });
  });

  describe('Waiting for your answer', () => {
    const alice = { id: 's-1', name: 'Alice Able' };
    const ada = { id: 's-9', name: 'Ada Admin' };
    const askedMe = swapRequest('sw-1', alice, ada, {
      status: 'awaiting_colleague',
      canAnswer: true,
    });
    const offered = swapRequest('sw-2', alice, null, {
      status: 'awaiting_colleague',
      open: true,
      targetId: null,
      canAnswer: true,
    });
    const accepted = swapRequest('sw-3', ada, alice);

    function stubWithSwaps(role: Role, requests: unknown[]) {
      return stubDashboard(role, { 'GET /api/swap-requests': { body: requests } });
    }

    it('tells a staff member how many swap requests they can answer, linking to them', async () => {
      stubWithSwaps('staff', [askedMe, offered, accepted]);
      renderApp('/');

      const link = await screen.findByRole('link', { name: 'Waiting for your answer: 2' });
      expect(link).toHaveAttribute('href', '/swaps');
    });

    it('says nothing to a staff member nobody asked: there is nothing to answer', async () => {
      const fetchMock = stubWithSwaps('staff', [accepted]);
      renderApp('/');

      await screen.findByRole('region', { name: 'Monthly Rota' });
      await waitFor(() => expect(callCount(fetchMock, 'GET /api/swap-requests')).toBe(1));
      expect(screen.queryByText(/Waiting for your answer/)).toBeNull();
    });

    it('shows an approver the line only when someone asked them', async () => {
      const fetchMock = stubWithSwaps('manager', [accepted]);
      renderApp('/');

      await screen.findByRole('button', { name: '1 school day needs someone' });
      await waitFor(() => expect(callCount(fetchMock, 'GET /api/swap-requests')).toBe(1));
      expect(screen.queryByText(/Waiting for your answer/)).toBeNull();
    });
  });

  describe("a staff member's next duties", () => {
    // The signed-in user of `currentUser()` is u-1 (ada@hillside.example); today is Mon 8 Sep 2025.
    const ada = staffMember('s-1', 'Ada Admin', { userId: 'u-1', email: 'ada@hillside.example' });
    const bob = staffMember('s-3', 'Bob Stone');
    const rota = [
      rotaDay('2025-09-05', [ada, bob]),
      rotaDay('2025-09-08', [ada, bob]),
      rotaDay('2025-09-10', [bob, ada]),
      rotaDay('2025-09-12', [ada]),
      rotaDay('2025-09-17', [ada, bob]),
    ];

    function stubWithDuties(staff = [ada, bob], more: Parameters<typeof stubFetch>[0] = {}) {
      return stubDashboard('staff', {
        ...more,
        'GET /api/staff': { body: staff },
        'GET /api/rota': { body: rota },
        'GET /api/dashboard-stats': {
          body: {
            unfilled: 0,
            activeStaffCount: 2,
            pendingSwaps: 0,
            pendingCancellations: 0,
            averageDuties: 2.5,
            totalDuties: 5,
            month: '2025-09',
            weekStart: '2025-09-08',
            weekEnd: '2025-09-12',
          },
        },
      });
    }

    describe('on a phone', () => {
      beforeEach(() => stubScreenWidth(390));

      it('come first, above the summary strip and the month: the next three from today', async () => {
        stubWithDuties();
        renderApp('/');

        const next = await screen.findByRole('region', { name: 'Your next duties' });
        const days = await within(next).findByRole('list', { name: 'Duty days' });
        expect(
          within(days)
            .getAllByRole('listitem')
            .map((item) => item.textContent),
        ).toEqual([
          'Monday 8 September 2025TodayWith Bob Stone',
          'Wednesday 10 September 2025With Bob Stone',
          'Friday 12 September 2025Solo duty',
        ]);
        expect(within(next).getByRole('link', { name: 'All your duties' })).toHaveAttribute(
          'href',
          '/my-rota',
        );
        const main = screen.getByRole('main');
        const month = await within(main).findByRole('region', { name: 'Monthly Rota' });
        const strip = await within(main).findByRole('group', { name: 'This Week' });
        for (const later of [strip, month]) {
          expect(next.compareDocumentPosition(later) & Node.DOCUMENT_POSITION_FOLLOWING).toBe(
            Node.DOCUMENT_POSITION_FOLLOWING,
          );
        }
      });

      it('are the same for a school with the Duty Manager duty alone, which is not asked for every kind', async () => {
        const more = stubWithDuties([ada, bob], {
          'GET /api/duties': { body: [dutyManagerDuty()] },
        });
        renderApp('/');

        const next = await screen.findByRole('region', { name: 'Your next duties' });
        const days = await within(next).findByRole('list', { name: 'Duty days' });
        expect(
          within(days)
            .getAllByRole('listitem')
            .map((item) => item.textContent),
        ).toEqual([
          'Monday 8 September 2025TodayWith Bob Stone',
          'Wednesday 10 September 2025With Bob Stone',
          'Friday 12 September 2025Solo duty',
        ]);
        await waitFor(() => expect(callCount(more, 'GET /api/duties')).toBeGreaterThan(0));
        expect(callCount(more, 'GET /api/rota/mine')).toBe(0);
      });

      it('list each duty of every kind with its place, times and instructions where the school runs more', async () => {
        const lunch = otherDuty({ description: 'Open the side door at 12:25.' });
        const of = (date: string, isDutyManager: boolean) => ({
          date,
          dutyId: isDutyManager ? 'd-dm' : lunch.id,
          isDutyManager,
          name: isDutyManager ? 'Duty Manager' : lunch.name,
          place: isDutyManager ? null : lunch.place,
          startTime: isDutyManager ? null : lunch.startTime,
          endTime: isDutyManager ? null : lunch.endTime,
          description: isDutyManager ? null : lunch.description,
          position: 1,
        });
        const fetchMock = stubWithDuties([ada, bob], {
          'GET /api/duties': { body: [dutyManagerDuty(), lunch] },
          'GET /api/rota/mine': {
            body: [
              of('2025-09-05', true),
              of('2025-09-08', true),
              of('2025-09-09', false),
              of('2025-09-10', true),
            ],
          },
        });
        renderApp('/');

        const next = await screen.findByRole('region', { name: 'Your next duties' });
        const days = await within(next).findByRole('list', { name: 'Duty days' });
        expect(
          within(days)
            .getAllByRole('listitem')
            .map((item) => item.textContent),
        ).toEqual([
          'Monday 8 September 2025TodayWith Bob StoneDuty Manager · All day',
          'Tuesday 9 September 2025Lunch — Canteen · 12:30–13:10Open the side door at 12:25.',
          'Wednesday 10 September 2025With Bob StoneDuty Manager · All day',
        ]);
        expect(callCount(fetchMock, 'GET /api/rota/mine')).toBe(1);
      });

      describe('of every kind', () => {
        const lunch = otherDuty({ description: 'Open the side door at 12:25.' });
        const lunchOn = (date: string) => ({
          date,
          dutyId: lunch.id,
          isDutyManager: false,
          name: lunch.name,
          place: lunch.place,
          startTime: lunch.startTime,
          endTime: lunch.endTime,
          description: lunch.description,
          position: 1,
        });

        it('say when they cannot be loaded, and ask again on retry', async () => {
          const user = setupUser();
          const fetchMock = stubWithDuties([ada, bob], {
            'GET /api/duties': { body: [dutyManagerDuty(), lunch] },
            'GET /api/rota/mine': { status: 500, body: { message: 'Database unavailable' } },
          });
          renderApp('/');

          const next = await screen.findByRole('region', { name: 'Your next duties' });
          expect(await within(next).findByText('Failed to load your duties')).toBeInTheDocument();
          expect(within(next).getByText('Database unavailable')).toBeInTheDocument();
          const asked = callCount(fetchMock, 'GET /api/rota/mine');
          await user.click(within(next).getByRole('button', { name: 'Retry' }));
          await waitFor(() =>
            expect(callCount(fetchMock, 'GET /api/rota/mine')).toBeGreaterThan(asked),
          );
        });

        it('say when none are coming up, with the link to all of them', async () => {
          stubWithDuties([ada, bob], {
            'GET /api/duties': { body: [dutyManagerDuty(), lunch] },
            // Only a duty already past.
            'GET /api/rota/mine': { body: [lunchOn('2025-09-05')] },
          });
          renderApp('/');

          const next = await screen.findByRole('region', { name: 'Your next duties' });
          expect(
            await within(next).findByText('No duties coming up this academic year'),
          ).toBeInTheDocument();
          expect(within(next).getByRole('link', { name: 'All your duties' })).toHaveAttribute(
            'href',
            '/my-rota',
          );
        });
      });

      it('are not shown to someone without a staff record of their own', async () => {
        stubWithDuties([bob]);
        renderApp('/');

        await screen.findByRole('region', { name: 'Monthly Rota' });
        await screen.findByRole('button', { name: 'Duty Manager 1, Mon 8 Sep 2025: Ada Admin' });
        expect(screen.queryByRole('region', { name: 'Your next duties' })).not.toBeInTheDocument();
      });
    });

    it('are left to My Rota on a wider screen, whose Dashboard is unchanged', async () => {
      stubWithDuties();
      renderApp('/');

      await screen.findByRole('button', { name: 'Duty Manager 1, Mon 8 Sep 2025: Ada Admin' });
      expect(screen.queryByRole('region', { name: 'Your next duties' })).not.toBeInTheDocument();
    });
  });
});
