import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import { AccessContext, accessFor } from '@/shared/auth/access';
import { currentWeek, staffMember, dutyManagerDuty, otherDuty } from '@/testing/fixtures';
import {
  callCount,
  fill,
  renderWithProviders,
  sentBodies,
  setupUser,
  stubFetch,
} from '@/testing/test-utils';

import type { RecurringUnavailabilityDto, RecurringUnavailabilityResultDto } from '../api';
import { WeeklyCommitmentsSection } from './weekly-commitments-section';

// docs/product.md#unavailability: weekly commitments. The server's today is Monday 8 September
// 2025 and its academic year ends on 31 August 2026 (currentWeek()).

const ann = staffMember('s-2', 'Ann Lee');
const LIST = 'GET /api/staff-unavailability/s-2/recurring';
const CREATE = 'POST /api/staff-unavailability/recurring';

function rule(
  id: string,
  weekdays: number[],
  overrides: Partial<RecurringUnavailabilityDto> = {},
): RecurringUnavailabilityDto {
  return {
    id,
    staffId: 's-2',
    weekdays,
    startDate: '2025-09-08',
    endDate: '2026-07-21',
    everyOtherWeek: false,
    week: null,
    reason: 'Year 9 football club',
    createdAt: '2025-09-01T10:00:00Z',
    ...overrides,
  };
}

const football = rule('r-1', [2]);
const choir = rule('r-2', [1, 3], {
  startDate: '2025-09-01',
  everyOtherWeek: true,
  week: 'B',
  reason: 'Choir',
});

type Replies = Parameters<typeof stubFetch>[0];

function renderSection({
  role = 'staff',
  isOwn = true,
  list = { body: [] },
  extra = {},
}: {
  role?: string;
  isOwn?: boolean;
  list?: Replies[string];
  extra?: Replies;
} = {}) {
  const fetchMock = stubFetch({
    'GET /api/current-week': { body: currentWeek() },
    [LIST]: list,
    ...extra,
  });
  const view = renderWithProviders(
    <AccessContext value={accessFor(role)}>
      <WeeklyCommitmentsSection staff={ann} isOwn={isOwn} />
    </AccessContext>,
    '/my-rota',
  );
  return { fetchMock, ...view };
}

function section(name = 'Weekly commitments'): HTMLElement {
  return screen.getByRole('region', { name });
}

/** The add form, once it has its default dates from the server. */
async function addForm(): Promise<HTMLElement> {
  const form = screen.getByRole('region', { name: 'Add a weekly commitment' });
  await within(form).findByRole('button', { name: 'Add weekly commitment' });
  return form;
}

async function rows(): Promise<HTMLElement[]> {
  const list = await screen.findByRole('list', { name: 'Weekly commitments' });
  return within(list).getAllByRole('listitem');
}

async function typeDate(user: UserEvent, field: HTMLElement, text: string) {
  await user.click(field);
  await user.clear(field);
  await user.type(field, `${text}{Enter}`);
}

function added(
  created: RecurringUnavailabilityDto,
  message: string,
): RecurringUnavailabilityResultDto {
  return { rule: created, cancelledDuties: 2, refilledDuties: 2, message };
}

describe('Weekly commitments', () => {
  let user: UserEvent;

  beforeEach(() => {
    user = setupUser();
  });

  it('lists one’s own commitments, soonest first, with weekdays, weeks, dates and reasons', async () => {
    const { fetchMock } = renderSection({ list: { body: [football, choir] } });

    expect(screen.getByRole('heading', { level: 2, name: 'Weekly commitments' })).toBeVisible();
    expect(
      within(section()).getByRole('status', { name: 'Loading weekly commitments' }),
    ).toBeInTheDocument();

    const [first, second] = await rows();
    expect(first).toHaveTextContent('Mon, WedWeek BMon 1 Sep 2025 – Tue 21 Jul 2026Choir');
    expect(second).toHaveTextContent(
      'TueEvery weekMon 8 Sep 2025 – Tue 21 Jul 2026Year 9 football club',
    );
    expect(callCount(fetchMock, LIST)).toBe(1);
  });

  it('says when there are none', async () => {
    renderSection();

    expect(await within(section()).findByText('No weekly commitments')).toBeVisible();
  });

  it('offers a retry when they cannot be loaded', async () => {
    const { fetchMock } = renderSection({
      list: [
        {
          status: 500,
          body: { statusCode: 500, error: 'Internal Server Error', message: 'Database down' },
        },
        { body: [football] },
      ],
    });

    const alert = await within(section()).findByRole('alert');
    expect(within(alert).getByText('Failed to load weekly commitments')).toBeInTheDocument();
    expect(within(alert).getByText('Database down')).toBeInTheDocument();

    await user.click(within(alert).getByRole('button', { name: 'Retry' }));

    expect(await rows()).toHaveLength(1);
    expect(callCount(fetchMock, LIST)).toBe(2);
  });

  it('shows a manager someone else’s, under their name, and staff nothing without asking', async () => {
    const manager = renderSection({ role: 'manager', isOwn: false, list: { body: [football] } });
    expect(section('Weekly commitments — Ann Lee')).toBeInTheDocument();
    expect(await rows()).toHaveLength(1);
    manager.unmount();

    const staff = renderSection({ role: 'staff', isOwn: false, list: { body: [football] } });
    expect(screen.queryByRole('region', { name: /Weekly commitments/ })).toBeNull();
    expect(callCount(staff.fetchMock, LIST)).toBe(0);
  });

  describe('adding', () => {
    it('starts from the server’s today to the end of its academic year, every week', async () => {
      renderSection();

      const form = await addForm();
      expect(within(form).getByLabelText('Start date')).toHaveValue('8 Sep 2025');
      expect(within(form).getByLabelText('End date')).toHaveValue('31 Aug 2026');
      expect(within(form).getByRole('radio', { name: 'Every week' })).toBeChecked();
      expect(
        within(within(form).getByRole('group', { name: 'Weekdays' }))
          .getAllByRole('checkbox')
          .map((box) => box.closest('label')?.textContent),
      ).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri']);
    });

    it('asks for weekdays and a reason before sending', async () => {
      const { fetchMock } = renderSection();
      const form = await addForm();

      await user.click(within(form).getByRole('button', { name: 'Add weekly commitment' }));

      expect(await within(form).findByText('Choose at least one weekday')).toBeInTheDocument();
      expect(
        within(form).getByText('Please give a reason, e.g. "Year 9 football club"'),
      ).toBeInTheDocument();
      expect(callCount(fetchMock, CREATE)).toBe(0);
    });

    it('refuses an end date before the start date', async () => {
      const { fetchMock } = renderSection();
      const form = await addForm();

      await user.click(within(form).getByRole('checkbox', { name: 'Tue' }));
      await typeDate(user, within(form).getByLabelText('Start date'), '10/10/2025');
      await typeDate(user, within(form).getByLabelText('End date'), '1/10/2025');
      await fill(user, within(form).getByLabelText('Reason'), 'Club');
      await user.click(within(form).getByRole('button', { name: 'Add weekly commitment' }));

      expect(await within(form).findByText('End date must be after start date')).toBeVisible();
      expect(callCount(fetchMock, CREATE)).toBe(0);
    });

    it('sends the rule, shows the server’s message and lists the new commitment', async () => {
      const message =
        'Weekly commitment added: unavailable on Tuesdays and Thursdays in Week A. 2 duty assignments cancelled and all refilled.';
      const created = rule('r-9', [2, 4], {
        startDate: '2025-09-15',
        endDate: '2025-12-19',
        everyOtherWeek: true,
        week: 'A',
        reason: 'Orchestra',
      });
      const { fetchMock } = renderSection({
        list: [{ body: [] }, { body: [created] }],
        extra: { [CREATE]: { status: 201, body: added(created, message) } },
      });
      const form = await addForm();

      await user.click(within(form).getByRole('checkbox', { name: 'Thu' }));
      await user.click(within(form).getByRole('checkbox', { name: 'Tue' }));
      await typeDate(user, within(form).getByLabelText('Start date'), '15/9/2025');
      await typeDate(user, within(form).getByLabelText('End date'), '2025-12-19');
      await user.click(within(form).getByRole('radio', { name: 'Week A' }));
      await fill(user, within(form).getByLabelText('Reason'), '  Orchestra ');
      await user.click(within(form).getByRole('button', { name: 'Add weekly commitment' }));

      expect(await screen.findByText(message)).toBeInTheDocument();
      expect(screen.getByText('Success')).toBeInTheDocument();
      expect(sentBodies(fetchMock, CREATE)).toEqual([
        {
          staffId: 's-2',
          weekdays: [2, 4],
          startDate: '2025-09-15',
          endDate: '2025-12-19',
          everyOtherWeek: true,
          week: 'A',
          reason: 'Orchestra',
        },
      ]);
      const [row] = await rows();
      expect(row).toHaveTextContent('Tue, ThuWeek A');
      // The form is ready for the next one.
      expect(within(form).getByLabelText('Reason')).toHaveValue('');
      expect(within(form).getByRole('checkbox', { name: 'Tue' })).not.toBeChecked();
    });

    it('sends every week without a week, and shows the server’s refusal', async () => {
      const refusal =
        'Every other week needs the Week A date: an admin sets it in the Duty Manager Settings.';
      const { fetchMock } = renderSection({
        extra: {
          [CREATE]: [
            {
              status: 400,
              body: { statusCode: 400, error: 'Bad Request', message: refusal },
            },
          ],
        },
      });
      const form = await addForm();
      await user.click(within(form).getByRole('checkbox', { name: 'Fri' }));
      await fill(user, within(form).getByLabelText('Reason'), 'Late lab');
      await user.click(within(form).getByRole('button', { name: 'Add weekly commitment' }));

      const alert = await screen.findByRole('alert');
      expect(within(alert).getByText('Error')).toBeInTheDocument();
      expect(within(alert).getByText(refusal)).toBeInTheDocument();
      expect(sentBodies(fetchMock, CREATE)).toEqual([
        {
          staffId: 's-2',
          weekdays: [5],
          startDate: '2025-09-08',
          endDate: '2026-08-31',
          everyOtherWeek: false,
          reason: 'Late lab',
        },
      ]);
      // Nothing is lost: the form keeps what was typed.
      expect(within(form).getByLabelText('Reason')).toHaveValue('Late lab');
    });
  });

  describe('at a time of day', () => {
    const DUTIES = 'GET /api/duties';
    const dutyManager = dutyManagerDuty({ id: 'd-1' });

    const lunch = otherDuty({ id: 'd-2' });

    async function typeTime(field: HTMLElement, text: string) {
      await user.click(field);
      await user.clear(field);
      await user.type(field, `${text}{Enter}`);
    }

    it('offers no times to a school whose only duty runs all day', async () => {
      const { fetchMock } = renderSection({ extra: { [DUTIES]: { body: [dutyManager] } } });
      const form = await addForm();
      await waitFor(() => expect(callCount(fetchMock, DUTIES)).toBe(1));
      expect(within(form).queryByLabelText('From')).toBeNull();
      expect(within(form).queryByLabelText('Until')).toBeNull();
    });

    it('asks for both times, the end after the start, before sending', async () => {
      const { fetchMock } = renderSection({ extra: { [DUTIES]: { body: [dutyManager, lunch] } } });
      const form = await addForm();
      const from = await within(form).findByLabelText('From');
      await user.click(within(form).getByRole('checkbox', { name: 'Tue' }));
      await fill(user, within(form).getByLabelText('Reason'), 'Lunchtime club');

      await typeTime(from, '12:30');
      await user.click(within(form).getByRole('button', { name: 'Add weekly commitment' }));
      expect(
        await within(form).findByText(
          'Give the end time as HH:mm, such as 13:10, or leave both times out for the whole day',
        ),
      ).toBeVisible();

      await typeTime(within(form).getByLabelText('Until'), '12:00');
      await user.click(within(form).getByRole('button', { name: 'Add weekly commitment' }));
      expect(
        await within(form).findByText('The end time must be after the start time'),
      ).toBeVisible();
      expect(callCount(fetchMock, CREATE)).toBe(0);
    });

    it('sends the times and lists them after the weekdays', async () => {
      const message =
        'Weekly commitment added: unavailable on Tuesdays 12:30–13:10. There were no duties at those times.';
      const created = rule('r-7', [2], {
        startTime: '12:30',
        endTime: '13:10',
        reason: 'Lunchtime club',
      });
      const { fetchMock } = renderSection({
        list: [{ body: [] }, { body: [created] }],
        extra: {
          [DUTIES]: { body: [dutyManager, lunch] },
          [CREATE]: {
            status: 201,
            body: { rule: created, cancelledDuties: 0, refilledDuties: 0, message },
          },
        },
      });
      const form = await addForm();
      await user.click(within(form).getByRole('checkbox', { name: 'Tue' }));
      await typeTime(await within(form).findByLabelText('From'), '12:30');
      await typeTime(within(form).getByLabelText('Until'), '13:10');
      await fill(user, within(form).getByLabelText('Reason'), 'Lunchtime club');
      await user.click(within(form).getByRole('button', { name: 'Add weekly commitment' }));

      expect(await screen.findByText(message)).toBeInTheDocument();
      expect(sentBodies(fetchMock, CREATE)).toEqual([
        {
          staffId: 's-2',
          weekdays: [2],
          startDate: '2025-09-08',
          endDate: '2026-08-31',
          everyOtherWeek: false,
          startTime: '12:30',
          endTime: '13:10',
          reason: 'Lunchtime club',
        },
      ]);
      const [row] = await rows();
      expect(row).toHaveTextContent('Tue 12:30–13:10Every week');
    });
  });

  describe('deleting', () => {
    const DELETE = 'DELETE /api/staff-unavailability/recurring/r-1';

    it('asks first, then deletes and says so', async () => {
      const { fetchMock } = renderSection({
        list: [{ body: [football] }, { body: [] }],
        extra: { [DELETE]: { status: 204 } },
      });

      await user.click(
        await screen.findByRole('button', {
          name: 'Delete weekly commitment Tue from 8 September 2025 to 21 July 2026',
        }),
      );
      expect(await screen.findByText('Delete this weekly commitment?')).toBeInTheDocument();
      expect(callCount(fetchMock, DELETE)).toBe(0);

      await user.click(screen.getByRole('button', { name: 'Delete' }));

      expect(await screen.findByText('Weekly commitment deleted')).toBeInTheDocument();
      expect(callCount(fetchMock, DELETE)).toBe(1);
      expect(await within(section()).findByText('No weekly commitments')).toBeVisible();
    });

    it('does nothing when the question is declined, and shows a failure', async () => {
      const { fetchMock } = renderSection({
        list: { body: [football] },
        extra: {
          [DELETE]: {
            status: 403,
            body: {
              statusCode: 403,
              error: 'Forbidden',
              message: 'You can only change your own unavailability',
            },
          },
        },
      });
      const button = await screen.findByRole('button', {
        name: 'Delete weekly commitment Tue from 8 September 2025 to 21 July 2026',
      });

      await user.click(button);
      await user.click(await screen.findByRole('button', { name: 'Cancel' }));
      await waitFor(() =>
        expect(screen.queryByText('Delete this weekly commitment?')).not.toBeInTheDocument(),
      );
      expect(callCount(fetchMock, DELETE)).toBe(0);

      await user.click(button);
      await user.click(await screen.findByRole('button', { name: 'Delete' }));

      const alert = await screen.findByRole('alert');
      expect(
        within(alert).getByText('You can only change your own unavailability'),
      ).toBeInTheDocument();
      expect(await rows()).toHaveLength(1);
    });
  });
});
