import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { AccessContext, accessFor } from '@/shared/auth/access';
import { currentWeek, staffMember, unavailability } from '@/testing/fixtures';
import { findToast } from '@/testing/antd-helpers';
import {
  callCount,
  fill,
  renderWithProviders,
  sentBodies,
  setupUser,
  stubFetch,
} from '@/testing/test-utils';

import type { UnavailabilityDto, UnavailabilityResultDto } from '../api';
import { UnavailabilitySection } from './unavailability-section';

const ann = staffMember('s-2', 'Ann Lee');
const LIST = 'GET /api/staff-unavailability/s-2';
const CREATE = 'POST /api/staff-unavailability';

// The server's today is Monday 8 September 2025 (currentWeek()).
const lastWeek = unavailability('u-1', 's-2', '2025-09-01', '2025-09-05', {
  type: 'training',
  reason: 'First aid course',
});
const july = unavailability('u-2', 's-2', '2025-07-14', '2025-07-14', {
  type: 'sick',
  reason: 'Flu',
});
const thisWeek = unavailability('u-3', 's-2', '2025-09-05', '2025-09-09', {
  type: 'personal',
  reason: 'Moving house',
});
const october = unavailability('u-4', 's-2', '2025-10-20', '2025-10-24');
const endsToday = unavailability('u-5', 's-2', '2025-09-08', '2025-09-08', {
  type: 'sick',
  reason: 'Dentist',
});

type Reply = Parameters<typeof stubFetch>[0][string];

function renderSection({
  role = 'staff',
  isOwn = true,
  list = { body: [] },
  extra = {},
}: {
  role?: string;
  isOwn?: boolean;
  list?: Reply;
  extra?: Parameters<typeof stubFetch>[0];
} = {}) {
  const fetchMock = stubFetch({
    'GET /api/current-week': { body: currentWeek() },
    [LIST]: list,
    ...extra,
  });
  renderWithProviders(
    <AccessContext value={accessFor(role)}>
      <UnavailabilitySection staff={ann} isOwn={isOwn} />
    </AccessContext>,
    '/my-rota',
  );
  return fetchMock;
}

function section(name = 'My Unavailability'): HTMLElement {
  return screen.getByRole('region', { name });
}

function upcoming(): HTMLElement {
  return screen.getByRole('region', { name: 'Upcoming & Current' });
}

function past(): HTMLElement {
  return screen.getByRole('region', { name: 'Past' });
}

async function rows(name: string): Promise<HTMLElement[]> {
  const list = await screen.findByRole('list', { name });
  return within(list).getAllByRole('listitem');
}

async function openDialog(user: UserEvent): Promise<HTMLElement> {
  await user.click(await screen.findByRole('button', { name: 'Add Unavailability' }));
  return screen.findByRole('dialog', { name: 'Add Unavailability' });
}

async function typeDate(user: UserEvent, field: HTMLElement, text: string) {
  await user.click(field);
  await user.clear(field);
  await user.type(field, `${text}{Enter}`);
}

async function fillDialog(
  user: UserEvent,
  dialog: HTMLElement,
  { start, end, reason }: { start?: string; end?: string; reason?: string },
) {
  if (start) await typeDate(user, within(dialog).getByLabelText('Start date'), start);
  if (end) await typeDate(user, within(dialog).getByLabelText('End date'), end);
  if (reason !== undefined) await fill(user, within(dialog).getByLabelText('Reason'), reason);
}

function created(
  period: UnavailabilityDto,
  overrides: Partial<UnavailabilityResultDto> = {},
): UnavailabilityResultDto {
  return {
    unavailability: period,
    cancelledDuties: 0,
    refilledDuties: 0,
    message: 'Unavailability period added successfully. There were no duties in the period.',
    ...overrides,
  };
}

describe('Unavailability section', () => {
  let user: UserEvent;

  beforeEach(() => {
    // The browser's clock is well past the server's today: the split must follow the server.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(2025, 9, 1, 12, 0) });
    user = setupUser();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('splits one’s own periods by the server’s today, with type badges, dates and reasons', async () => {
    const fetchMock = renderSection({
      list: { body: [july, october, lastWeek, thisWeek, endsToday] },
    });

    expect(
      screen.getByRole('heading', { level: 2, name: 'My Unavailability' }),
    ).toBeInTheDocument();
    expect(
      within(section()).getByRole('status', { name: 'Loading unavailability' }),
    ).toBeInTheDocument();

    const current = await rows('Upcoming and current unavailability');
    expect(current.map((row) => row.textContent)).toEqual([
      'PersonalFri 5 Sep 2025 – Tue 9 Sep 2025NowMoving house',
      'Sick LeaveMon 8 Sep 2025NowDentist',
      'Annual LeaveMon 20 Oct 2025 – Fri 24 Oct 2025Family holiday',
    ]);
    expect(within(upcoming()).getByRole('list')).toBe(
      screen.getByRole('list', { name: 'Upcoming and current unavailability' }),
    );

    // Newest first.
    const earlier = await rows('Past unavailability');
    expect(earlier.map((row) => row.textContent)).toEqual([
      'TrainingMon 1 Sep 2025 – Fri 5 Sep 2025First aid course',
      'Sick LeaveMon 14 Jul 2025Flu',
    ]);
    expect(within(past()).getByRole('list')).toBe(
      screen.getByRole('list', { name: 'Past unavailability' }),
    );
    expect(callCount(fetchMock, LIST)).toBe(1);
  });

  it('says when there is nothing in either list', async () => {
    renderSection();

    expect(await screen.findByText('No upcoming or current unavailability')).toBeInTheDocument();
    expect(within(upcoming()).getByText('No upcoming or current unavailability')).toBeVisible();
    expect(within(past()).getByText('No past unavailability')).toBeVisible();
  });

  it('shows someone else’s periods to a manager, under their name', async () => {
    const fetchMock = renderSection({ role: 'manager', isOwn: false, list: { body: [october] } });

    const region = section('Unavailability — Ann Lee');
    expect(within(region).getByRole('heading', { level: 2 })).toHaveTextContent(
      'Unavailability — Ann Lee',
    );
    expect(await rows('Upcoming and current unavailability')).toHaveLength(1);
    expect(within(region).getByRole('button', { name: 'Add Unavailability' })).toBeInTheDocument();
    expect(callCount(fetchMock, LIST)).toBe(1);
  });

  it('shows staff a note instead of someone else’s periods, without asking the server', async () => {
    const fetchMock = renderSection({ role: 'staff', isOwn: false, list: { body: [october] } });

    const region = section('Unavailability — Ann Lee');
    expect(
      within(region).getByText(
        "Only managers and administrators can see other people's unavailability.",
      ),
    ).toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: 'Add Unavailability' })).toBeNull();
    expect(within(region).queryByRole('list')).toBeNull();
    // Give any request a chance to go out before checking none did.
    await waitFor(() => expect(callCount(fetchMock, 'GET /api/current-week')).toBe(0));
    expect(callCount(fetchMock, LIST)).toBe(0);
  });

  it('offers a retry when the periods cannot be loaded', async () => {
    const fetchMock = renderSection({
      list: [
        {
          status: 500,
          body: { statusCode: 500, error: 'Internal Server Error', message: 'Database down' },
        },
        { body: [october] },
      ],
    });

    const alert = await within(section()).findByRole('alert');
    expect(within(alert).getByText('Failed to load unavailability')).toBeInTheDocument();
    expect(within(alert).getByText('Database down')).toBeInTheDocument();

    await user.click(within(alert).getByRole('button', { name: 'Retry' }));

    expect(await rows('Upcoming and current unavailability')).toHaveLength(1);
    expect(callCount(fetchMock, LIST)).toBe(2);
  });

  describe('adding', () => {
    it('opens the Add Unavailability dialog with Annual Leave chosen and the four types offered', async () => {
      renderSection();
      const dialog = await openDialog(user);

      expect(within(dialog).getByLabelText('Type').closest('.ant-select')).toHaveTextContent(
        'Annual Leave',
      );
      expect(within(dialog).getByLabelText('Start date')).toHaveValue('');
      expect(within(dialog).getByLabelText('End date')).toHaveValue('');
      expect(within(dialog).getByLabelText('Reason')).toHaveValue('');

      await user.click(within(dialog).getByLabelText('Type'));
      const options = Array.from(document.querySelectorAll('.ant-select-item-option')).map(
        (option) => option.textContent,
      );
      expect(options).toEqual(['Annual Leave', 'Sick Leave', 'Training', 'Personal']);
    });

    it('asks for the dates and a reason before sending', async () => {
      const fetchMock = renderSection();
      const dialog = await openDialog(user);

      await fillDialog(user, dialog, { reason: '   ' });
      await user.click(within(dialog).getByRole('button', { name: 'Add' }));

      expect(
        await within(dialog).findByText('Please fill in all required fields'),
      ).toBeInTheDocument();
      expect(within(dialog).getByLabelText('Start date')).toHaveAttribute('aria-invalid', 'true');
      expect(within(dialog).getByLabelText('Reason')).toHaveAttribute('aria-invalid', 'true');

      // The dates alone are not enough either.
      await fillDialog(user, dialog, { start: '20/10/2025', end: '24/10/2025' });
      await user.click(within(dialog).getByRole('button', { name: 'Add' }));

      expect(
        await within(dialog).findByText('Please fill in all required fields'),
      ).toBeInTheDocument();
      expect(within(dialog).getByLabelText('Start date')).not.toHaveAttribute(
        'aria-invalid',
        'true',
      );
      expect(within(dialog).getByLabelText('Reason')).toHaveAttribute('aria-invalid', 'true');
      expect(callCount(fetchMock, CREATE)).toBe(0);
    });

    it('refuses a start date after the end date', async () => {
      const fetchMock = renderSection();
      const dialog = await openDialog(user);

      await fillDialog(user, dialog, { start: '24/10/2025', end: '20/10/2025', reason: 'Leave' });
      await user.click(within(dialog).getByRole('button', { name: 'Add' }));

      expect(
        await within(dialog).findByText('End date must be after start date'),
      ).toBeInTheDocument();
      expect(within(dialog).getByLabelText('End date')).toHaveAttribute('aria-invalid', 'true');
      expect(callCount(fetchMock, CREATE)).toBe(0);
    });

    it('adds a period, says so, closes the dialog and shows it in the list', async () => {
      const period = unavailability('u-9', 's-2', '2025-10-20', '2025-10-24', {
        type: 'training',
        reason: 'Safeguarding course',
      });
      const fetchMock = renderSection({
        list: [{ body: [] }, { body: [period] }],
        extra: { [CREATE]: { status: 201, body: created(period) } },
      });
      const dialog = await openDialog(user);

      await user.click(within(dialog).getByLabelText('Type'));
      await user.click(await screen.findByTitle('Training'));
      await fillDialog(user, dialog, {
        start: '20/10/2025',
        end: '2025-10-24',
        reason: '  Safeguarding course  ',
      });
      await user.click(within(dialog).getByRole('button', { name: 'Add' }));

      expect(
        await screen.findByText(
          'Unavailability period added successfully. Any existing duty assignments have been cancelled.',
        ),
      ).toBeInTheDocument();
      expect(screen.getByText('Success')).toBeInTheDocument();
      expect(screen.queryByText(/There were no duties/)).not.toBeInTheDocument();
      expect(sentBodies(fetchMock, CREATE)).toEqual([
        {
          staffId: 's-2',
          startDate: '2025-10-20',
          endDate: '2025-10-24',
          reason: 'Safeguarding course',
          type: 'training',
        },
      ]);
      await waitFor(() =>
        expect(
          screen.queryByRole('dialog', { name: 'Add Unavailability' }),
        ).not.toBeInTheDocument(),
      );
      const [row] = await rows('Upcoming and current unavailability');
      expect(row).toHaveTextContent('Safeguarding course');
      expect(callCount(fetchMock, LIST)).toBe(2);
    });

    it('takes one date for a single day, with the default type', async () => {
      const period = unavailability('u-9', 's-2', '2025-09-12', '2025-09-12');
      const fetchMock = renderSection({
        extra: { [CREATE]: { status: 201, body: created(period) } },
      });
      const dialog = await openDialog(user);

      await fillDialog(user, dialog, { start: '12/9/2025', reason: 'Wedding' });
      expect(within(dialog).getByLabelText('End date')).toHaveValue('12 Sep 2025');
      await user.click(within(dialog).getByRole('button', { name: 'Add' }));

      await waitFor(() =>
        expect(sentBodies(fetchMock, CREATE)).toEqual([
          {
            staffId: 's-2',
            startDate: '2025-09-12',
            endDate: '2025-09-12',
            reason: 'Wedding',
            type: 'annual_leave',
          },
        ]),
      );
    });

    it('says once what happened when duties were taken off: the server’s count, not a repeat of the fixed text', async () => {
      const period = unavailability('u-9', 's-2', '2025-09-10', '2025-09-12');
      renderSection({
        extra: {
          [CREATE]: {
            status: 201,
            body: created(period, {
              cancelledDuties: 2,
              refilledDuties: 2,
              message:
                'Unavailability period added successfully. 2 duty assignments cancelled and all refilled.',
            }),
          },
        },
      });
      const dialog = await openDialog(user);

      await fillDialog(user, dialog, { start: '10/9/2025', end: '12/9/2025', reason: 'Leave' });
      await user.click(within(dialog).getByRole('button', { name: 'Add' }));

      const toast = await findToast('status', 'Success');
      expect(toast).toHaveTextContent(
        /^SuccessUnavailability period added successfully\. 2 duty assignments cancelled and all refilled\.$/,
      );
      expect(screen.getAllByText(/Unavailability period added successfully/)).toHaveLength(1);
    });

    it('shows the server’s message when the period overlaps another, and keeps the dialog open', async () => {
      renderSection({
        extra: {
          [CREATE]: {
            status: 409,
            body: {
              statusCode: 409,
              error: 'Conflict',
              message:
                'Ann Lee is already unavailable from 20 October 2025 to 24 October 2025 (Annual Leave); change that period instead',
            },
          },
        },
      });
      const dialog = await openDialog(user);

      await fillDialog(user, dialog, { start: '22/10/2025', end: '23/10/2025', reason: 'Leave' });
      await user.click(within(dialog).getByRole('button', { name: 'Add' }));

      const alert = await screen.findByRole('alert');
      expect(within(alert).getByText('Error')).toBeInTheDocument();
      expect(
        within(alert).getByText(/^Ann Lee is already unavailable from 20 October 2025/),
      ).toBeInTheDocument();
      expect(screen.getByRole('dialog', { name: 'Add Unavailability' })).toBeInTheDocument();
      expect(within(dialog).getByLabelText('Reason')).toHaveValue('Leave');
    });

    it('falls back to a fixed message when the server gives none', async () => {
      renderSection({ extra: { [CREATE]: { networkError: true } } });
      const dialog = await openDialog(user);

      await fillDialog(user, dialog, { start: '22/10/2025', end: '23/10/2025', reason: 'Leave' });
      await user.click(within(dialog).getByRole('button', { name: 'Add' }));

      const alert = await screen.findByRole('alert');
      expect(within(alert).getByText('Failed to add unavailability period')).toBeInTheDocument();
    });

    it('starts afresh after Cancel', async () => {
      renderSection();
      let dialog = await openDialog(user);
      await fillDialog(user, dialog, { reason: 'Half written' });
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await waitFor(() =>
        expect(
          screen.queryByRole('dialog', { name: 'Add Unavailability' }),
        ).not.toBeInTheDocument(),
      );

      dialog = await openDialog(user);
      expect(within(dialog).getByLabelText('Reason')).toHaveValue('');
    });
  });

  describe('deleting', () => {
    it('asks first, then deletes and says so', async () => {
      const fetchMock = renderSection({
        list: [{ body: [october, july] }, { body: [july] }],
        extra: { 'DELETE /api/staff-unavailability/u-4': { status: 204 } },
      });

      await user.click(
        await screen.findByRole('button', {
          name: 'Delete unavailability Mon 20 Oct 2025 – Fri 24 Oct 2025',
        }),
      );

      expect(
        await screen.findByText('Are you sure you want to delete this unavailability period?'),
      ).toBeInTheDocument();
      expect(callCount(fetchMock, 'DELETE /api/staff-unavailability/u-4')).toBe(0);

      await user.click(screen.getByRole('button', { name: 'Delete' }));

      expect(
        await screen.findByText('Unavailability period deleted successfully'),
      ).toBeInTheDocument();
      expect(callCount(fetchMock, 'DELETE /api/staff-unavailability/u-4')).toBe(1);
      expect(
        await within(upcoming()).findByText('No upcoming or current unavailability'),
      ).toBeInTheDocument();
      // A one-day period is named by its one date.
      expect(
        within(past()).getByRole('button', { name: 'Delete unavailability Mon 14 Jul 2025' }),
      ).toBeInTheDocument();
    });

    it('does nothing when the question is declined', async () => {
      const fetchMock = renderSection({ list: { body: [october] } });

      await user.click(
        await screen.findByRole('button', {
          name: 'Delete unavailability Mon 20 Oct 2025 – Fri 24 Oct 2025',
        }),
      );
      await user.click(await screen.findByRole('button', { name: 'Cancel' }));

      await waitFor(() =>
        expect(
          screen.queryByText('Are you sure you want to delete this unavailability period?'),
        ).not.toBeInTheDocument(),
      );
      expect(callCount(fetchMock, 'DELETE /api/staff-unavailability/u-4')).toBe(0);
      expect(await rows('Upcoming and current unavailability')).toHaveLength(1);
    });

    it.each([
      [
        'the server’s message',
        {
          status: 403,
          body: {
            statusCode: 403,
            error: 'Forbidden',
            message: 'You can only change your own unavailability',
          },
        },
        'You can only change your own unavailability',
      ],
      [
        'a fixed message',
        { networkError: true as const },
        'Failed to delete unavailability period',
      ],
    ])('shows %s when deleting fails', async (_case, reply, text) => {
      renderSection({
        list: { body: [october] },
        extra: { 'DELETE /api/staff-unavailability/u-4': reply },
      });

      await user.click(
        await screen.findByRole('button', {
          name: 'Delete unavailability Mon 20 Oct 2025 – Fri 24 Oct 2025',
        }),
      );
      await user.click(await screen.findByRole('button', { name: 'Delete' }));

      const alert = await screen.findByRole('alert');
      expect(within(alert).getByText('Error')).toBeInTheDocument();
      expect(within(alert).getByText(text)).toBeInTheDocument();
      expect(await rows('Upcoming and current unavailability')).toHaveLength(1);
    });
  });

  describe('editing a period', () => {
    const UPDATE = 'PUT /api/staff-unavailability/u-4';

    it('opens the period in the same form, sends the new dates and reason, and says how many duties the new dates took', async () => {
      const moved = {
        ...october,
        startDate: '2025-10-21',
        endDate: '2025-10-27',
        reason: 'Wedding',
      };
      const fetchMock = renderSection({
        list: [{ body: [october] }, { body: [moved] }],
        extra: {
          [UPDATE]: {
            body: created(moved, {
              cancelledDuties: 1,
              refilledDuties: 1,
              message:
                'Unavailability period updated. 1 duty assignment in the new dates cancelled and all refilled.',
            }),
          },
        },
      });

      await user.click(
        await screen.findByRole('button', {
          name: 'Edit unavailability Mon 20 Oct 2025 – Fri 24 Oct 2025',
        }),
      );
      const dialog = await screen.findByRole('dialog', { name: 'Edit Unavailability' });
      expect(within(dialog).getByLabelText('Start date')).toHaveValue('20 Oct 2025');
      expect(within(dialog).getByLabelText('End date')).toHaveValue('24 Oct 2025');
      expect(within(dialog).getByLabelText('Reason')).toHaveValue(october.reason);

      await fillDialog(user, dialog, {
        start: '21 Oct 2025',
        end: '27 Oct 2025',
        reason: ' Wedding ',
      });
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));

      expect(await findToast('status', 'Success')).toHaveTextContent(
        'Unavailability period updated. 1 duty assignment in the new dates cancelled and all refilled.',
      );
      expect(sentBodies(fetchMock, UPDATE)).toEqual([
        { startDate: '2025-10-21', endDate: '2025-10-27', reason: 'Wedding', type: october.type },
      ]);
      expect(callCount(fetchMock, CREATE)).toBe(0);
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(
        await within(upcoming()).findByText('Tue 21 Oct 2025 – Mon 27 Oct 2025'),
      ).toBeInTheDocument();
    });

    it('keeps the dialog open with the server’s reason when the change overlaps another period', async () => {
      renderSection({
        list: { body: [october] },
        extra: {
          [UPDATE]: {
            status: 409,
            body: {
              statusCode: 409,
              error: 'Conflict',
              message:
                'Ann Lee is already unavailable from Monday 3 November 2025 to Friday 7 November 2025 (Annual Leave); change that period instead',
            },
          },
        },
      });
      await user.click(
        await screen.findByRole('button', {
          name: 'Edit unavailability Mon 20 Oct 2025 – Fri 24 Oct 2025',
        }),
      );
      const dialog = await screen.findByRole('dialog', { name: 'Edit Unavailability' });
      await fillDialog(user, dialog, { end: '4 Nov 2025' });
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));

      expect(await findToast('alert', 'Error')).toHaveTextContent(
        'Ann Lee is already unavailable from Monday 3 November 2025 to Friday 7 November 2025 (Annual Leave); change that period instead',
      );
      expect(screen.getByRole('dialog', { name: 'Edit Unavailability' })).toBeInTheDocument();
    });
  });
});
