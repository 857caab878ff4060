import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import { useGetDutiesQuery, usePauseDutyMutation, type DutyDto } from '@/features/duties/api';
import type { AllDutiesHealthDto, DutyRule } from '@/features/rota/api';
import { AccessContext, accessFor } from '@/shared/auth/access';
import { findToast } from '@/testing/antd-helpers';
import {
  callCount,
  renderWithProviders,
  sentBodies,
  setupUser,
  stubFetch,
} from '@/testing/test-utils';

import { allDutiesWeekLink, dutyRuleText, OtherDutiesHealth } from './other-duties-health';
import { dutyManagerDuty, otherDuty } from '@/testing/fixtures';

/** A duty of the school: Lunch-like, two people on Tuesdays. */
function duty(id: string, name: string, overrides: Partial<DutyDto> = {}): DutyDto {
  return otherDuty({ id, name, place: null, weekdays: [{ weekday: 2, people: 2 }], ...overrides });
}

const DUTY_MANAGER = dutyManagerDuty({ id: 'dm', weekdays: [] });
const LUNCH = duty('lunch', 'Lunch', { place: 'Field' });
const GATE = duty('gate', 'Gate', { sortOrder: 2, paused: true });

function health(overrides: Partial<AllDutiesHealthDto> = {}): AllDutiesHealthDto {
  return {
    from: '2026-06-30',
    academicYear: '2025-2026',
    unfilledFrom: '2026-07-01',
    unfilledTo: '2026-07-21',
    duties: [
      { dutyId: 'dm', name: 'Duty Manager', violations: [] },
      { dutyId: 'lunch', name: 'Lunch', violations: [] },
    ],
    unfilled: [],
    ...overrides,
  };
}

const THREE_TUESDAYS = {
  dutyId: 'lunch',
  dutyName: 'Lunch',
  days: [
    { date: '2026-07-07', missing: 1 },
    { date: '2026-07-14', missing: 2 },
    { date: '2026-07-21', missing: 2 },
  ],
};

/** Shows, once the school's duties have come, how many: what the health part read too. */
function DutiesAnswered() {
  const duties = useGetDutiesQuery();
  return duties.data ? <p>{`${duties.data.length} duty`}</p> : null;
}

/** Pauses the lunch duty, as the Duties page does. */
function PauseLunch() {
  const [pause] = usePauseDutyMutation();
  return (
    <button type="button" onClick={() => void pause({ id: 'lunch' })}>
      Pause lunch
    </button>
  );
}

function renderHealth(role = 'admin') {
  return renderWithProviders(
    <AccessContext value={accessFor(role)}>
      <OtherDutiesHealth />
    </AccessContext>,
    '/',
  );
}

describe('Other duties health', () => {
  let user: UserEvent;

  beforeEach(() => {
    user = setupUser();
  });

  it('renders nothing for a school that runs only the Duty Manager duty, and asks nothing about other duties', async () => {
    const fetchMock = stubFetch({
      'GET /api/duties': { body: [DUTY_MANAGER] },
      'GET /api/rota/health/all': { body: health({ unfilled: [THREE_TUESDAYS] }) },
    });
    const { container } = renderWithProviders(
      <AccessContext value={accessFor('admin')}>
        <OtherDutiesHealth />
        <DutiesAnswered />
      </AccessContext>,
    );

    // The duties' answer has come and been rendered: still nothing of its own.
    await screen.findByText('1 duty');
    expect(container).toHaveTextContent(/^1 duty$/);
    expect(callCount(fetchMock, 'GET /api/duties')).toBe(1);
    expect(callCount(fetchMock, 'GET /api/rota/health/all')).toBe(0);
  });

  it('asks staff nothing', async () => {
    const fetchMock = stubFetch({ 'GET /api/duties': { body: [DUTY_MANAGER, LUNCH] } });
    const { container } = renderHealth('staff');

    expect(container).toHaveTextContent(/^$/);
    expect(callCount(fetchMock, 'GET /api/duties')).toBe(0);
  });

  it("counts each duty's school days that need someone, and lists them, each linking to its week with every duty", async () => {
    stubFetch({
      'GET /api/duties': { body: [DUTY_MANAGER, LUNCH, GATE] },
      'GET /api/rota/health/all': { body: health({ unfilled: [THREE_TUESDAYS] }) },
    });
    renderHealth('manager');

    expect(await screen.findByRole('status')).toHaveTextContent('Checking the other duties…');
    const line = await screen.findByRole('button', {
      name: 'Lunch — Field: 3 school days need someone',
    });
    expect(line).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText('Other duties')).toBeInTheDocument();

    await user.click(line);

    expect(line).toHaveAttribute('aria-expanded', 'true');
    const list = screen.getByRole('list', { name: 'Lunch — Field: school days that need someone' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Tue 7 Jul 2026 1 person missing',
      'Tue 14 Jul 2026 2 people missing',
      'Tue 21 Jul 2026 2 people missing',
    ]);
    expect(within(list).getByRole('link', { name: 'Tue 14 Jul 2026' })).toHaveAttribute(
      'href',
      '/rota?week=2026-07-13&duty=all',
    );
  });

  it('fills every running duty together and shows what the server did', async () => {
    const fetchMock = stubFetch({
      'GET /api/duties': { body: [DUTY_MANAGER, LUNCH, GATE] },
      'GET /api/rota/health/all': [
        { body: health({ unfilled: [THREE_TUESDAYS] }) },
        { body: health() },
      ],
      'POST /api/rota/fill-unassigned': {
        body: {
          startDate: '2026-07-01',
          endDate: '2026-07-21',
          changedDays: 3,
          changedSlots: 5,
          unfilledSlots: 0,
          message: 'Filled 5 slots on 3 days from 1–21 Jul 2026.',
        },
      },
    });
    renderHealth();

    await user.click(await screen.findByRole('button', { name: 'Fill every duty' }));

    const toast = await findToast('status', 'Fill Complete');
    expect(toast).toHaveTextContent('Filled 5 slots on 3 days from 1–21 Jul 2026.');
    // The paused gate is not planned; without dutyIds the server would plan the Duty Manager duty alone.
    expect(sentBodies(fetchMock, 'POST /api/rota/fill-unassigned')).toEqual([
      { allWeekdays: false, dutyIds: ['dm', 'lunch'] },
    ]);
    // The health is asked again, and with every day filled says nothing.
    await waitFor(() => expect(callCount(fetchMock, 'GET /api/rota/health/all')).toBe(2));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Fill every duty' })).not.toBeInTheDocument(),
    );
  });

  it("shows the server's reason when Fill is refused", async () => {
    stubFetch({
      'GET /api/duties': { body: [DUTY_MANAGER, LUNCH] },
      'GET /api/rota/health/all': { body: health({ unfilled: [THREE_TUESDAYS] }) },
      'POST /api/rota/fill-unassigned': {
        status: 400,
        body: {
          statusCode: 400,
          error: 'Bad Request',
          code: 'term_dates_missing',
          message: 'No term dates are set for 2026-2027',
        },
      },
    });
    renderHealth();

    await user.click(await screen.findByRole('button', { name: 'Fill every duty' }));

    const toast = await findToast('alert', 'Fill Failed');
    expect(toast).toHaveTextContent('No term dates are set for 2026-2027');
  });

  it('words the rule each assignment of another duty breaks, and leaves the Duty Manager to its own line', async () => {
    const violation = (rule: DutyRule, reason: string, staffName: string, position = 1) => ({
      date: '2026-07-07',
      position,
      staffId: `s-${staffName}`,
      staffName,
      rule,
      reason,
    });
    stubFetch({
      'GET /api/duties': { body: [DUTY_MANAGER, LUNCH] },
      'GET /api/rota/health/all': {
        body: health({
          duties: [
            {
              dutyId: 'dm',
              name: 'Duty Manager',
              violations: [violation('unavailable', 'Away: Training', 'Dora Dm')],
            },
            {
              dutyId: 'lunch',
              name: 'Lunch',
              violations: [
                violation('not_allowed', 'Not allowed on Lunch', 'Ann Able', 1),
                violation('overlap', 'Overlaps Gate', 'Bob Best', 2),
                violation('holiday', 'Holiday: Sports day, Other', 'Cat Cole', 3),
              ],
            },
            {
              dutyId: 'old',
              name: 'Old post',
              violations: [violation('duty_deleted', 'Old post was deleted', 'Dan Dee')],
            },
          ],
        }),
      },
    });
    renderHealth();

    expect(await screen.findByText("Some other duties break the rota's rules")).toBeInTheDocument();
    const lunch = screen.getByRole('list', {
      name: "Lunch — Field: duties that break the rota's rules",
    });
    expect(
      within(lunch)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Tue 7 Jul 2026, Lunch — Field 1: Ann Able — Not allowed on this duty',
      'Tue 7 Jul 2026, Lunch — Field 2: Bob Best — Two duties at once',
      'Tue 7 Jul 2026, Lunch — Field 3: Cat Cole — Holiday: Sports day, Other',
    ]);
    expect(within(lunch).getAllByRole('link')[0]).toHaveAttribute(
      'href',
      '/rota?week=2026-07-06&duty=all',
    );
    const old = screen.getByRole('list', { name: "Old post: duties that break the rota's rules" });
    expect(old).toHaveTextContent('Tue 7 Jul 2026, Old post 1: Dan Dee — Duty deleted');
    expect(screen.queryByText(/Dora Dm/)).not.toBeInTheDocument();
    // Nothing needs someone: no Fill.
    expect(screen.queryByRole('button', { name: 'Fill every duty' })).not.toBeInTheDocument();
  });

  it('says nothing when every other duty has its people and keeps the rules', async () => {
    stubFetch({
      'GET /api/duties': { body: [DUTY_MANAGER, LUNCH] },
      'GET /api/rota/health/all': { body: health() },
    });
    renderHealth();

    await screen.findByRole('status');
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
    expect(screen.queryByText('Other duties')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('offers a retry when the check fails', async () => {
    const fetchMock = stubFetch({
      'GET /api/duties': { body: [DUTY_MANAGER, LUNCH] },
      'GET /api/rota/health/all': [
        { status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: 'Boom' } },
        { body: health({ unfilled: [THREE_TUESDAYS] }) },
      ],
    });
    renderHealth();

    expect(await screen.findByText('Failed to check the other duties')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Retry/ }));

    expect(
      await screen.findByRole('button', { name: 'Lunch — Field: 3 school days need someone' }),
    ).toBeInTheDocument();
    expect(callCount(fetchMock, 'GET /api/rota/health/all')).toBe(2);
  });

  it('asks again when a duty changes: pausing one takes its days off the list', async () => {
    const fetchMock = stubFetch({
      'GET /api/duties': [
        { body: [DUTY_MANAGER, LUNCH] },
        { body: [DUTY_MANAGER, { ...LUNCH, paused: true }] },
      ],
      'GET /api/rota/health/all': [
        { body: health({ unfilled: [THREE_TUESDAYS] }) },
        { body: health() },
      ],
      'POST /api/duties/lunch/pause': {
        body: { duty: { ...LUNCH, paused: true }, rotaChange: null },
      },
    });
    renderWithProviders(
      <AccessContext value={accessFor('admin')}>
        <OtherDutiesHealth />
        <PauseLunch />
      </AccessContext>,
    );
    await screen.findByRole('button', { name: 'Lunch — Field: 3 school days need someone' });

    await user.click(screen.getByRole('button', { name: 'Pause lunch' }));

    await waitFor(() => expect(callCount(fetchMock, 'GET /api/rota/health/all')).toBe(2));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: /Lunch — Field/ })).not.toBeInTheDocument(),
    );
  });

  it('words every rule across duties', () => {
    expect(
      (['not_allowed', 'overlap', 'daily_max', 'duty_paused', 'duty_deleted'] as const).map(
        (rule) => dutyRuleText({ rule, reason: 'server' }),
      ),
    ).toEqual([
      'Not allowed on this duty',
      'Two duties at once',
      'More duties in a day than the school allows',
      'Duty paused',
      'Duty deleted',
    ]);
    expect(dutyRuleText({ rule: 'over_cap', reason: 'Over the weekly cap (2)' })).toBe(
      'Over the weekly cap (2)',
    );
    expect(allDutiesWeekLink('2026-07-09')).toBe('/rota?week=2026-07-06&duty=all');
  });
});
