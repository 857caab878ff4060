import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import type { TodayBoardDto, TodayDutyDto } from '@/features/rota/api';
import { dutyManagerDuty, otherDuty } from '@/testing/fixtures';
import { renderWithProviders, sentBodies, setupUser, stubFetch } from '@/testing/test-utils';

import { TodayPage } from '../pages/today-page';

const BOARD = 'GET /api/rota/today';
const WET = 'PUT /api/rota/wet-days';

const lunch: TodayDutyDto = {
  dutyId: 'd-lunch',
  isDutyManager: false,
  name: 'Lunch',
  place: 'Canteen',
  startTime: '12:30',
  endTime: '13:10',
  description: null,
  needed: 2,
  missing: 0,
  people: [
    { id: 's-bob', name: 'Bob Ray' },
    { id: 's-ann', name: 'Ann Lee' },
  ],
};
const dutyManager: TodayDutyDto = {
  ...lunch,
  dutyId: 'd-dm',
  isDutyManager: true,
  name: 'Duty Manager',
  place: null,
  startTime: null,
  endTime: null,
  needed: 1,
  people: [{ id: 's-dee', name: 'Dee Duty' }],
};
const dry: TodayBoardDto = {
  date: '2026-11-02',
  closed: null,
  wet: false,
  duties: [dutyManager, lunch],
  away: [],
};
const wet: TodayBoardDto = {
  ...dry,
  wet: true,
  duties: [dutyManager, { ...lunch, place: 'Hall', wet: true, dryPlace: 'Canteen' }],
};
const duties = { body: [dutyManagerDuty(), otherDuty({ place: 'Canteen', wetPlace: 'Hall' })] };

const list = () => screen.findByRole('list', { name: "Today's duties" });

describe('the Today board on a wet day (docs/product.md#duties)', () => {
  let user: UserEvent;

  beforeEach(() => {
    user = setupUser();
  });

  it('marks the day wet after saying which posts move and who will be told, then shows the wet posts', async () => {
    const fetchMock = stubFetch({
      [BOARD]: [{ body: dry }, { body: wet }],
      'GET /api/duties': duties,
      [WET]: { body: { date: '2026-11-02', wet: true, told: 2 } },
    });
    renderWithProviders(<TodayPage />, '/today');
    expect(
      within(await list()).getByRole('heading', { name: 'Lunch — Canteen' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Wet day')).not.toBeInTheDocument();

    const mark = await screen.findByRole('button', { name: 'Mark as wet day' });
    await vi.waitFor(() => expect(mark).toBeEnabled());
    await user.click(mark);
    expect(await screen.findByText('Make today a wet day?')).toBeInTheDocument();
    expect(
      screen.getByText('Lunch moves to Hall. Bob Ray and Ann Lee will be told.'),
    ).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Mark as wet day' }).at(-1)!);

    expect(await screen.findByText('Today is a wet day')).toBeInTheDocument();
    expect(sentBodies(fetchMock, WET)).toEqual([{ date: '2026-11-02', wet: true }]);
    const card = await within(await list()).findByRole('listitem', { name: 'Lunch — Hall' });
    expect(within(card).getByText('Wet day')).toBeInTheDocument();
    expect(within(card).getByText('Usually at Canteen')).toBeInTheDocument();
    const dm = within(await list()).getByRole('listitem', { name: 'Duty Manager' });
    expect(within(dm).queryByText('Wet day')).not.toBeInTheDocument();
  });

  it('takes a wet day back to a dry one, telling nobody', async () => {
    const fetchMock = stubFetch({
      [BOARD]: [{ body: wet }, { body: dry }],
      'GET /api/duties': duties,
      [WET]: { body: { date: '2026-11-02', wet: false, told: 0 } },
    });
    renderWithProviders(<TodayPage />, '/today');
    await user.click(await screen.findByRole('button', { name: 'Back to a dry day' }));
    expect(
      await screen.findByText('Every duty is at its usual place again. Nobody is told.'),
    ).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Back to a dry day' }).at(-1)!);
    expect(await screen.findByText('Today is a dry day')).toBeInTheDocument();
    expect(sentBodies(fetchMock, WET)).toEqual([{ date: '2026-11-02', wet: false }]);
    expect(
      await within(await list()).findByRole('listitem', { name: 'Lunch — Canteen' }),
    ).toBeInTheDocument();
  });
});
