import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { AccessContext, accessFor } from '@/shared/auth/access';
import { currentUser } from '@/testing/fixtures';
import {
  callCount,
  fill,
  renderApp,
  renderWithProviders,
  sentBodies,
  setupUser,
  storeToken,
  stubFetch,
} from '@/testing/test-utils';

import type { HolidayDto } from '../api';
import { bankHolidaysMessage, HolidaysPage } from './holidays-page';

const christmas: HolidayDto = {
  id: 'h-1',
  name: 'Christmas Day',
  type: 'bank_holiday',
  startDate: '2025-12-25',
  endDate: '2025-12-25',
  description: null,
};

const halfTerm: HolidayDto = {
  id: 'h-2',
  name: 'October half term',
  type: 'half_term',
  startDate: '2025-10-27',
  endDate: '2025-10-31',
  description: 'School closed all week',
};

const summer: HolidayDto = {
  id: 'h-3',
  name: 'Summer holiday',
  type: 'term_holiday',
  startDate: '2025-07-23',
  endDate: '2025-09-02',
  description: null,
};

function renderHolidays(role = 'admin') {
  return renderWithProviders(
    <AccessContext value={accessFor(role)}>
      <HolidaysPage />
    </AccessContext>,
    '/holidays',
  );
}

function addForm(): HTMLElement {
  return screen.getByRole('region', { name: 'Add New Holiday' });
}

async function typeDate(user: UserEvent, field: HTMLElement, text: string) {
  await user.click(field);
  await user.clear(field);
  await user.type(field, `${text}{Enter}`);
}

describe('Holiday Management', () => {
  let user: UserEvent;

  beforeEach(() => {
    // Only the clock is pinned (to Monday 8 September 2025); antd and user-event keep real timers.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(2025, 8, 8, 9, 0) });
    user = setupUser();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('has its title and subtitle, and says when nothing is scheduled', async () => {
    stubFetch({ 'GET /api/holidays': { body: [] } });
    renderHolidays();

    expect(
      screen.getByRole('heading', { level: 1, name: 'Holiday Management' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Manage bank holidays, half-terms, and inset days'),
    ).toBeInTheDocument();
    const list = screen.getByRole('region', { name: 'Upcoming Holidays' });
    expect(await within(list).findByText('No holidays scheduled')).toBeInTheDocument();
  });

  it('lists holidays ending today or later by start date, with dates, badges and descriptions', async () => {
    stubFetch({ 'GET /api/holidays': { body: [christmas, summer, halfTerm] } });
    renderHolidays();

    const list = await screen.findByRole('list', { name: 'Holidays' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('October half term');
    expect(items[0]).toHaveTextContent('Mon 27 Oct 2025 – Fri 31 Oct 2025');
    expect(within(items[0] as HTMLElement).getByText('Half Term')).toBeInTheDocument();
    expect(items[0]).toHaveTextContent('School closed all week');
    expect(items[1]).toHaveTextContent('Christmas Day');
    expect(items[1]).toHaveTextContent('Thu 25 Dec 2025');
    expect(items[1]).not.toHaveTextContent('–');
    expect(within(items[1] as HTMLElement).getByText('Bank Holiday')).toBeInTheDocument();
    expect(screen.queryByText('Summer holiday')).not.toBeInTheDocument();

    await user.click(screen.getByRole('switch', { name: 'Show past' }));

    expect(await screen.findByText('Summer holiday')).toBeInTheDocument();
  });

  describe('adding', () => {
    it('marks name, start date and end date as required, and checks them before sending', async () => {
      const fetchMock = stubFetch({ 'GET /api/holidays': { body: [] } });
      renderHolidays();
      const form = addForm();

      const required = Array.from(form.querySelectorAll('.ant-form-item-required')).map(
        (label) => label.textContent,
      );
      expect(required).toEqual(['Name', 'Start Date', 'End Date']);

      await user.click(within(form).getByRole('button', { name: 'Add Holiday' }));

      expect(await within(form).findByText('Name is required')).toBeInTheDocument();
      expect(within(form).getByText('Start date is required')).toBeInTheDocument();
      expect(within(form).getByText('End date is required')).toBeInTheDocument();
      expect(callCount(fetchMock, 'POST /api/holidays')).toBe(0);
    });

    it('offers the half-term type as "Half-Term Break"', async () => {
      stubFetch({ 'GET /api/holidays': { body: [] } });
      renderHolidays();

      await user.click(within(addForm()).getByLabelText('Type'));

      expect(await screen.findByTitle('Half-Term Break')).toBeInTheDocument();
      expect(screen.getByTitle('Inset Day')).toBeInTheDocument();
    });

    it('adds a holiday and clears the form', async () => {
      const created: HolidayDto = { ...halfTerm, id: 'h-9' };
      const fetchMock = stubFetch({
        'GET /api/holidays': [{ body: [] }, { body: [created] }],
        'POST /api/holidays': { status: 201, body: created },
      });
      renderHolidays();
      const form = addForm();

      await fill(user, within(form).getByLabelText('Name'), 'October half term');
      await user.click(within(form).getByLabelText('Type'));
      await user.click(await screen.findByTitle('Half-Term Break'));
      await typeDate(user, within(form).getByLabelText('Start Date'), '27/10/2025');
      await typeDate(user, within(form).getByLabelText('End Date'), '2025-10-31');
      await fill(user, within(form).getByLabelText('Description'), 'School closed all week');
      await user.click(within(form).getByRole('button', { name: 'Add Holiday' }));

      expect(await screen.findByText('Holiday added successfully')).toBeInTheDocument();
      expect(sentBodies(fetchMock, 'POST /api/holidays')).toEqual([
        {
          name: 'October half term',
          type: 'half_term',
          startDate: '2025-10-27',
          endDate: '2025-10-31',
          description: 'School closed all week',
        },
      ]);
      expect(await screen.findByRole('list', { name: 'Holidays' })).toHaveTextContent(
        'October half term',
      );
      expect(within(form).getByLabelText('Name')).toHaveValue('');
    });

    it('says, in the one toast, what adding the holiday did to the rota when it removed duties', async () => {
      const message =
        "Adding holiday 'Snow closure' removed 2 duties on 10 Sep; 0 refilled (holiday).";
      const snow: HolidayDto = {
        id: 'h-8',
        name: 'Snow closure',
        type: 'other',
        startDate: '2025-09-10',
        endDate: '2025-09-10',
        description: null,
      };
      stubFetch({
        'GET /api/holidays': [{ body: [] }, { body: [snow] }],
        'POST /api/holidays': {
          status: 201,
          body: {
            ...snow,
            rotaChange: { removedDuties: 2, refilledDuties: 0, dates: ['2025-09-10'], message },
          },
        },
      });
      renderHolidays();
      const form = addForm();

      await fill(user, within(form).getByLabelText('Name'), 'Snow closure');
      await typeDate(user, within(form).getByLabelText('Start Date'), '10/09/2025');
      await user.click(within(form).getByRole('button', { name: 'Add Holiday' }));

      expect(await screen.findByText(message)).toBeInTheDocument();
      expect(screen.queryByText('Holiday added successfully')).not.toBeInTheDocument();
    });

    it('takes one date for a single day', async () => {
      const fetchMock = stubFetch({
        'GET /api/holidays': { body: [] },
        'POST /api/holidays': { status: 201, body: christmas },
      });
      renderHolidays();
      const form = addForm();

      await fill(user, within(form).getByLabelText('Name'), 'Christmas Day');
      await typeDate(user, within(form).getByLabelText('Start Date'), '25/12/2025');

      expect(within(form).getByLabelText('End Date')).toHaveValue('25 Dec 2025');

      await user.click(within(form).getByRole('button', { name: 'Add Holiday' }));

      await waitFor(() =>
        expect(sentBodies(fetchMock, 'POST /api/holidays')).toEqual([
          {
            name: 'Christmas Day',
            type: 'bank_holiday',
            startDate: '2025-12-25',
            endDate: '2025-12-25',
            description: null,
          },
        ]),
      );
    });

    it('refuses an end date before the start date', async () => {
      const fetchMock = stubFetch({ 'GET /api/holidays': { body: [] } });
      renderHolidays();
      const form = addForm();

      await fill(user, within(form).getByLabelText('Name'), 'Backwards');
      await typeDate(user, within(form).getByLabelText('Start Date'), '31/10/2025');
      await typeDate(user, within(form).getByLabelText('End Date'), '27/10/2025');
      await user.click(within(form).getByRole('button', { name: 'Add Holiday' }));

      expect(
        await within(form).findByText('End date must be on or after the start date'),
      ).toBeInTheDocument();
      expect(callCount(fetchMock, 'POST /api/holidays')).toBe(0);
    });

    it("shows the server's reason when adding fails", async () => {
      stubFetch({
        'GET /api/holidays': { body: [] },
        'POST /api/holidays': { networkError: true },
      });
      renderHolidays();
      const form = addForm();

      await fill(user, within(form).getByLabelText('Name'), 'Christmas Day');
      await typeDate(user, within(form).getByLabelText('Start Date'), '25/12/2025');
      await user.click(within(form).getByRole('button', { name: 'Add Holiday' }));

      const alert = await screen.findByRole('alert');
      expect(within(alert).getByText('Failed to add holiday')).toBeInTheDocument();
    });

    it('sets the form up for a holiday period', async () => {
      stubFetch({ 'GET /api/holidays': { body: [] } });
      renderHolidays();
      const form = addForm();
      await typeDate(user, within(form).getByLabelText('Start Date'), '27/10/2025');
      expect(within(form).getByLabelText('End Date')).toHaveValue('27 Oct 2025');

      await user.click(screen.getByRole('button', { name: 'Add Holiday Period' }));

      expect(within(form).getByLabelText('Name')).toHaveFocus();
      expect(within(form).getByText('Adding a holiday period')).toBeInTheDocument();
      expect(within(form).getByLabelText('End Date')).toHaveValue('');

      await typeDate(user, within(form).getByLabelText('Start Date'), '28/10/2025');

      expect(within(form).getByLabelText('End Date')).toHaveValue('');
    });
  });

  it('edits a holiday in the Edit Holiday dialog', async () => {
    const fetchMock = stubFetch({
      'GET /api/holidays': { body: [christmas] },
      'PUT /api/holidays/h-1': { body: { ...christmas, description: 'Closed' } },
    });
    renderHolidays();

    await user.click(await screen.findByRole('button', { name: 'Edit Christmas Day' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Holiday' });

    await waitFor(() => expect(within(dialog).getByLabelText('Name')).toHaveFocus());
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Christmas Day');
    expect(within(dialog).getByLabelText('Start Date')).toHaveValue('25 Dec 2025');
    expect(within(dialog).getByLabelText('End Date')).toHaveValue('25 Dec 2025');

    await fill(user, within(dialog).getByLabelText('Description'), 'Closed');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Holiday updated successfully')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'PUT /api/holidays/h-1')).toEqual([
      {
        name: 'Christmas Day',
        type: 'bank_holiday',
        startDate: '2025-12-25',
        endDate: '2025-12-25',
        description: 'Closed',
      },
    ]);
  });

  it('shows why an edit failed', async () => {
    stubFetch({
      'GET /api/holidays': { body: [christmas] },
      'PUT /api/holidays/h-1': {
        status: 400,
        body: {
          statusCode: 400,
          message: 'End date must be on or after the start date',
          error: 'Bad Request',
        },
      },
    });
    renderHolidays();

    await user.click(await screen.findByRole('button', { name: 'Edit Christmas Day' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Holiday' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    const alert = await screen.findByRole('alert');
    expect(
      within(alert).getByText('End date must be on or after the start date'),
    ).toBeInTheDocument();
  });

  it('deletes a holiday after confirmation', async () => {
    const fetchMock = stubFetch({
      'GET /api/holidays': [{ body: [christmas] }, { body: [] }],
      'DELETE /api/holidays/h-1': { status: 204 },
    });
    renderHolidays();

    await user.click(await screen.findByRole('button', { name: 'Delete Christmas Day' }));

    expect(await screen.findByText('Delete Christmas Day?')).toBeInTheDocument();
    expect(callCount(fetchMock, 'DELETE /api/holidays/h-1')).toBe(0);

    await user.click(screen.getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Holiday deleted successfully')).toBeInTheDocument();
    expect(callCount(fetchMock, 'DELETE /api/holidays/h-1')).toBe(1);
    expect(await screen.findByText('No holidays scheduled')).toBeInTheDocument();
  });

  it('adds the bank holidays of the academic year and says how many', async () => {
    const fetchMock = stubFetch({
      'GET /api/holidays': { body: [] },
      'POST /api/holidays/bank-holidays': {
        status: 201,
        body: { added: [christmas], skipped: 2, academicYear: '2025-2026' },
      },
    });
    renderHolidays();

    await user.click(screen.getByRole('button', { name: 'Add bank holidays' }));

    expect(
      await screen.findByText(
        'Added 1 bank holiday for 2025-2026. 2 were already listed and skipped.',
      ),
    ).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST /api/holidays/bank-holidays')).toEqual([{}]);
  });

  it('lets staff see the holidays but not change them', async () => {
    storeToken();
    stubFetch({
      'GET /api/auth/user': { body: currentUser({ user: { role: 'staff' } }) },
      'GET /api/holidays': { body: [christmas] },
    });

    renderApp('/holidays');

    expect(await screen.findByText('Christmas Day')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Add New Holiday' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Christmas Day' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Christmas Day' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Holiday Period' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add bank holidays' })).not.toBeInTheDocument();
  });
});

describe('bankHolidaysMessage', () => {
  it('counts what was added and skipped', () => {
    expect(bankHolidaysMessage(8, 0, '2025-2026')).toBe(
      'Added 8 bank holidays for 2025-2026. 0 were already listed and skipped.',
    );
    expect(bankHolidaysMessage(7, 1, '2025-2026')).toBe(
      'Added 7 bank holidays for 2025-2026. 1 was already listed and skipped.',
    );
  });
});
