import { act, screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import {
  renderWithProviders,
  sentBodies,
  setupUser,
  stubFetch,
  callCount,
} from '@/testing/test-utils';
import { stubScreenWidth } from '@/testing/viewport';

import type { TodayBoardDto } from '@/features/rota/api';
import { TodayPage } from './today-page';

const BOARD = 'GET /api/rota/today';
const CANDIDATES = 'GET /api/rota/today/candidates';
const COVER = 'POST /api/rota/today/cover';

const dutyManager = {
  dutyId: 'd-dm',
  isDutyManager: true,
  name: 'Duty Manager',
  place: null,
  startTime: null,
  endTime: null,
  description: null,
  needed: 2,
  missing: 0,
  people: [
    { id: 's-dee', name: 'Dee Duty' },
    { id: 's-max', name: 'Max Moore' },
  ],
};
const lunch = {
  ...dutyManager,
  dutyId: 'd-lunch',
  isDutyManager: false,
  name: 'Lunch',
  place: 'Canteen',
  startTime: '12:30',
  endTime: '13:10',
  description: 'Open the side door at 12:25.',
  needed: 2,
  missing: 1,
  people: [{ id: 's-bob', name: 'Bob Ray' }],
};
const board: TodayBoardDto = {
  date: '2026-11-02',
  closed: null,
  wet: false,
  duties: [dutyManager, lunch],
  away: [
    { id: 's-ann', name: 'Ann Lee', startTime: null, endTime: null },
    { id: 's-cat', name: 'Cat Cole', startTime: '12:00', endTime: '13:00' },
  ],
};
const filled: TodayBoardDto = {
  ...board,
  duties: [
    dutyManager,
    { ...lunch, missing: 0, people: [{ id: 's-eve', name: 'Eve Else' }, ...lunch.people] },
  ],
};
const candidates = {
  date: '2026-11-02',
  closed: null,
  candidates: [
    { id: 's-eve', name: 'Eve Else', isTeaching: true, dutiesThisYear: 1 },
    { id: 's-gus', name: 'Gus Gray', isTeaching: false, dutiesThisYear: 4 },
  ],
};

function renderToday(replies: Parameters<typeof stubFetch>[0] = {}) {
  const fetchMock = stubFetch({ [BOARD]: { body: board }, ...replies });
  renderWithProviders(<TodayPage />, '/today');
  return fetchMock;
}

const list = () => screen.findByRole('list', { name: "Today's duties" });

describe('the Today board', () => {
  let user: UserEvent;

  beforeEach(() => {
    user = setupUser();
  });

  it("lists today's duties in the server's order with times, places, people and gaps, and who is on leave", async () => {
    renderToday();
    expect(screen.getByRole('status', { name: "Loading today's duties" })).toBeInTheDocument();
    const items = within(await list()).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual([
      'Duty Manager',
      'Lunch — Canteen',
    ]);
    expect(items[0]).toHaveTextContent('All day');
    expect(items[0]).toHaveTextContent('Dee Duty, Max Moore');
    expect(within(items[0]!).queryByRole('button', { name: /Find cover/ })).toBeNull();
    expect(items[1]).toHaveTextContent('12:30–13:10');
    expect(items[1]).toHaveTextContent('Bob Ray');
    expect(items[1]).toHaveTextContent('Open the side door at 12:25.');
    expect(within(items[1]!).getByText('1 person missing')).toBeInTheDocument();
    expect(
      within(items[1]!).getByRole('button', { name: 'Find cover for Lunch — Canteen' }),
    ).toBeEnabled();
    expect(screen.getByText('Monday 2 November 2026')).toBeInTheDocument();
    const leave = screen.getByRole('region', { name: 'On leave today' });
    expect(
      within(leave)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Ann Lee', 'Cat Cole (12:00–13:00)']);
  });

  it('finds cover least loaded first and puts the chosen person on the gap with one tap; the board then shows no gap', async () => {
    const fetchMock = renderToday({
      [BOARD]: [{ body: board }, { body: filled }],
      [CANDIDATES]: { body: candidates },
      [COVER]: { status: 201, body: { id: 'day-1', date: '2026-11-02', slots: [] } },
    });
    await user.click(
      within(await list()).getByRole('button', { name: 'Find cover for Lunch — Canteen' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Find cover: Lunch — Canteen' });
    const offered = await within(dialog).findByRole('list', { name: 'Who can cover' });
    expect(
      within(offered)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Eve Else1 duty this year', 'Gus Gray4 duties this year']);
    await user.click(within(offered).getByRole('button', { name: /Eve Else/ }));
    expect(sentBodies(fetchMock, COVER)).toEqual([
      { date: '2026-11-02', dutyId: 'd-lunch', staffId: 's-eve' },
    ]);
    expect(await screen.findByText('Eve Else is on Lunch — Canteen')).toBeInTheDocument();
    const lunchItem = (await screen.findByText('Eve Else, Bob Ray')).closest(
      '[role="listitem"]',
    ) as HTMLElement;
    expect(within(lunchItem).queryByText(/missing/)).toBeNull();
    expect(within(lunchItem).queryByRole('button', { name: /Find cover/ })).toBeNull();
    expect(callCount(fetchMock, BOARD)).toBe(2);
  });

  it("shows the server's refusal in the dialog and keeps the gap", async () => {
    renderToday({
      [CANDIDATES]: { body: candidates },
      [COVER]: {
        status: 409,
        body: {
          statusCode: 409,
          error: 'Conflict',
          message: 'Both Lunch slots are already filled for this day',
          code: 'slots_full',
        },
      },
    });
    await user.click(
      within(await list()).getByRole('button', { name: 'Find cover for Lunch — Canteen' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Find cover: Lunch — Canteen' });
    await user.click(await within(dialog).findByRole('button', { name: /Gus Gray/ }));
    expect(
      await within(dialog).findByText('Both Lunch slots are already filled for this day'),
    ).toBeInTheDocument();
    const lunchItem = within(await list()).getAllByRole('listitem')[1]!;
    expect(within(lunchItem).getByText('1 person missing')).toBeInTheDocument();
  });

  it('says when nobody can cover', async () => {
    renderToday({ [CANDIDATES]: { body: { ...candidates, candidates: [] } } });
    await user.click(
      within(await list()).getByRole('button', { name: 'Find cover for Lunch — Canteen' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Find cover: Lunch — Canteen' });
    expect(
      await within(dialog).findByText('Nobody else can take this duty today'),
    ).toBeInTheDocument();
  });

  it('says why no duty runs on a closed day, and when nobody is on leave', async () => {
    renderToday({
      [BOARD]: {
        body: { date: '2026-11-04', closed: 'Holiday: Inset, INSET Day', duties: [], away: [] },
      },
    });
    expect(
      await screen.findByText('No duties today: Holiday: Inset, INSET Day'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'On leave today' })).getByText(
        'Nobody is on leave today',
      ),
    ).toBeInTheDocument();
  });

  it('shows a failure with a retry, and the Access Denied card to someone the server refuses', async () => {
    renderToday({
      [BOARD]: [{ status: 500, body: { message: 'Database unavailable' } }, { body: board }],
    });
    expect(await screen.findByText("Failed to load today's duties")).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await list()).toBeInTheDocument();
  });

  it('shows the Access Denied card to a staff member who is not on the day’s Duty Manager duty', async () => {
    renderToday({
      [BOARD]: {
        status: 403,
        body: {
          statusCode: 403,
          error: 'Forbidden',
          message: "Only admins, managers and the day's duty managers can see this day's duties",
        },
      },
    });
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
  });

  it('asks again when the window regains focus', async () => {
    const fetchMock = renderToday({ [BOARD]: [{ body: board }, { body: filled }] });
    await list();
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    expect(await screen.findByText('Eve Else, Bob Ray')).toBeInTheDocument();
    expect(callCount(fetchMock, BOARD)).toBe(2);
  });

  it('on a phone, stacks the duties in one column with a Find cover button as wide as the screen allows', async () => {
    stubScreenWidth(390);
    renderToday();
    const duties = await list();
    // One column: the cards one under the other.
    expect(duties).toHaveClass('ant-flex-vertical');
    const items = within(duties).getAllByRole('listitem');
    const button = within(items[1]!).getByRole('button', {
      name: 'Find cover for Lunch — Canteen',
    });
    expect(button).toHaveClass('ant-btn-lg');
    expect(button).toHaveClass('ant-btn-block');
  });
});
