import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { AccessContext, accessFor } from '@/shared/auth/access';
import { choose, findToast } from '@/testing/antd-helpers';
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
import { bankHolidaysMessage } from '../components/bank-holidays-dialog';
import { HolidaysPage } from './holidays-page';

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

function renderHolidays(role = 'admin', path = '/holidays') {
  return renderWithProviders(
    <AccessContext value={accessFor(role)}>
      <HolidaysPage />
    </AccessContext>,
    path,
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

  describe('tabs', () => {
    const noTerms = {
      academicYear: 2025,
      label: '2025-2026',
      terms: [],
      proposal: [],
      proposalSource: 'typical_pattern',
    };

    it('opens Term Dates at /holidays#term-dates, and the address follows the tab', async () => {
      stubFetch({ 'GET /api/holidays': { body: [] }, 'GET /api/term-dates': { body: noTerms } });
      const { router } = renderHolidays('admin', '/holidays#term-dates');

      expect(screen.getByRole('tab', { name: 'Term Dates' })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      expect(await screen.findByRole('region', { name: 'Term Dates' })).toBeVisible();

      await user.click(screen.getByRole('tab', { name: 'Holidays' }));

      expect(router.state.location.hash).toBe('');
      expect(screen.getByRole('region', { name: 'Upcoming Holidays' })).toBeVisible();

      await user.click(screen.getByRole('tab', { name: 'Term Dates' }));

      expect(router.state.location.hash).toBe('#term-dates');
    });

    it('goes back to the holidays for "Add Holiday Period" from Term Dates', async () => {
      stubFetch({ 'GET /api/holidays': { body: [] }, 'GET /api/term-dates': { body: noTerms } });
      const { router } = renderHolidays('admin', '/holidays#term-dates');
      await screen.findByRole('region', { name: 'Term Dates' });

      await user.click(screen.getByRole('button', { name: 'Add Holiday Period' }));

      expect(router.state.location.hash).toBe('');
      await waitFor(() => expect(within(addForm()).getByLabelText('Name')).toHaveFocus());
      expect(within(addForm()).getByText('Adding a holiday period')).toBeInTheDocument();
    });
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

    it("says how many duties will move before the holiday is added, from the server's preview", async () => {
      const fetchMock = stubFetch({
        'GET /api/holidays': { body: [] },
        'POST /api/holidays/preview': {
          body: {
            removedDuties: 4,
            refilledDuties: 0,
            movedDuties: 2,
            dates: ['2025-10-27', '2025-10-28'],
            message:
              "Adding holiday 'Snow week' removed 4 duties on 27–28 Oct; 0 refilled (holiday).",
          },
        },
      });
      renderHolidays();
      const form = addForm();

      await fill(user, within(form).getByLabelText('Name'), 'Snow week');
      await typeDate(user, within(form).getByLabelText('Start Date'), '27/10/2025');
      await typeDate(user, within(form).getByLabelText('End Date'), '31/10/2025');

      expect(await within(form).findByText('6 duties will move')).toBeInTheDocument();
      expect(
        within(form).getByText(
          'Adding this holiday takes 4 duties off the rota, on 2 days, and moves 2 other duties to keep the rota fair. The people concerned are told.',
        ),
      ).toBeInTheDocument();
      expect(callCount(fetchMock, 'POST /api/holidays')).toBe(0);
      expect(sentBodies(fetchMock, 'POST /api/holidays/preview').at(-1)).toEqual({
        name: 'Snow week',
        type: 'bank_holiday',
        startDate: '2025-10-27',
        endDate: '2025-10-31',
        description: null,
      });
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

  describe('adding bank holidays', () => {
    const boxingDay: HolidayDto = {
      ...christmas,
      id: 'h-7',
      name: 'Boxing Day',
      startDate: '2025-12-26',
      endDate: '2025-12-26',
    };
    const preview = (region: string, coveredChristmas: boolean) => ({
      body: {
        region,
        academicYear: '2025-2026',
        holidays: [
          { date: '2025-12-25', name: 'Christmas Day', alreadyCovered: coveredChristmas },
          { date: '2025-12-26', name: 'Boxing Day', alreadyCovered: false },
        ],
      },
    });

    function previewRegions(fetchMock: ReturnType<typeof stubFetch>): (string | null)[] {
      return fetchMock.mock.calls
        .map(([input]) => new URL(String(input), 'http://localhost'))
        .filter((url) => url.pathname === '/api/holidays/bank-holidays')
        .map((url) => url.searchParams.get('region'));
    }

    it("previews the organisation's region's bank holidays, marks the ones already added, and adds the others", async () => {
      const fetchMock = stubFetch({
        'GET /api/auth/user': { body: currentUser() },
        'GET /api/holidays': [{ body: [christmas] }, { body: [christmas, boxingDay] }],
        'GET /api/holidays/bank-holidays': preview('england_wales', true),
        'POST /api/holidays/bank-holidays': {
          status: 201,
          body: {
            added: [boxingDay],
            skipped: 1,
            academicYear: '2025-2026',
            region: 'england_wales',
            rotaChange: null,
          },
        },
      });
      renderHolidays();

      await user.click(screen.getByRole('button', { name: 'Add bank holidays' }));
      const dialog = await screen.findByRole('dialog', { name: 'Add bank holidays' });

      const list = await within(dialog).findByRole('list', { name: 'Bank holidays' });
      const items = within(list).getAllByRole('listitem');
      expect(items).toHaveLength(2);
      expect(items[0]).toHaveTextContent('Thu 25 Dec 2025 Christmas Day');
      expect(within(items[0] as HTMLElement).getByText('Already added')).toBeInTheDocument();
      expect(items[1]).toHaveTextContent('Fri 26 Dec 2025 Boxing Day');
      expect(within(items[1] as HTMLElement).queryByText('Already added')).not.toBeInTheDocument();
      expect(within(dialog).getByRole('combobox', { name: 'Region' })).toBeInTheDocument();
      expect(within(dialog).getByTitle('England & Wales')).toBeInTheDocument();
      expect(previewRegions(fetchMock)).toEqual(['england_wales']);

      await user.click(within(dialog).getByRole('button', { name: 'Add 1 bank holiday' }));

      expect(
        await screen.findByText(
          'Added 1 bank holiday for 2025-2026. 1 was already listed and skipped.',
        ),
      ).toBeInTheDocument();
      expect(sentBodies(fetchMock, 'POST /api/holidays/bank-holidays')).toEqual([
        { region: 'england_wales' },
      ]);
      await waitFor(() =>
        expect(screen.queryByRole('dialog', { name: 'Add bank holidays' })).not.toBeInTheDocument(),
      );
      expect(await screen.findByText('Boxing Day')).toBeInTheDocument();
    });

    it("lists another region's, says it becomes the organisation's, and tells what adding did to the rota", async () => {
      const message =
        'Adding 2 Scotland bank holidays removed 2 duties on 25–26 Dec; 0 refilled (holiday).';
      const fetchMock = stubFetch({
        'GET /api/auth/user': { body: currentUser() },
        'GET /api/holidays': { body: [] },
        'GET /api/holidays/bank-holidays': [
          preview('england_wales', false),
          preview('scotland', false),
        ],
        'POST /api/holidays/bank-holidays': {
          status: 201,
          body: {
            added: [christmas, boxingDay],
            skipped: 0,
            academicYear: '2025-2026',
            region: 'scotland',
            rotaChange: {
              removedDuties: 2,
              refilledDuties: 0,
              dates: ['2025-12-25', '2025-12-26'],
              message,
            },
          },
        },
      });
      renderHolidays();

      await user.click(screen.getByRole('button', { name: 'Add bank holidays' }));
      const dialog = await screen.findByRole('dialog', { name: 'Add bank holidays' });
      await within(dialog).findByRole('list', { name: 'Bank holidays' });

      await choose(user, dialog, 'Region', 'Scotland');

      await waitFor(() => expect(previewRegions(fetchMock)).toEqual(['england_wales', 'scotland']));
      expect(
        await within(dialog).findByText(
          "Adding them makes Scotland your organisation's bank-holiday region.",
        ),
      ).toBeInTheDocument();
      expect(
        await within(dialog).findByText(
          'Scotland bank holidays of 2025-2026. Ones already covered by a holiday are skipped.',
        ),
      ).toBeInTheDocument();

      await user.click(within(dialog).getByRole('button', { name: 'Add 2 bank holidays' }));

      expect(
        await screen.findByText(
          `Added 2 bank holidays for 2025-2026. 0 were already listed and skipped. ${message}`,
        ),
      ).toBeInTheDocument();
      expect(
        screen.getAllByRole('status').filter((s) => s.closest('.ant-notification')),
      ).toHaveLength(1);
      expect(sentBodies(fetchMock, 'POST /api/holidays/bank-holidays')).toEqual([
        { region: 'scotland' },
      ]);
    });

    it('offers nothing to add when every one is already covered', async () => {
      stubFetch({
        'GET /api/auth/user': { body: currentUser() },
        'GET /api/holidays': { body: [] },
        'GET /api/holidays/bank-holidays': {
          body: {
            region: 'england_wales',
            academicYear: '2025-2026',
            holidays: [{ date: '2025-12-25', name: 'Christmas Day', alreadyCovered: true }],
          },
        },
      });
      renderHolidays();

      await user.click(screen.getByRole('button', { name: 'Add bank holidays' }));
      const dialog = await screen.findByRole('dialog', { name: 'Add bank holidays' });
      await within(dialog).findByText('Already added');

      expect(within(dialog).getByRole('button', { name: 'Add' })).toBeDisabled();
    });

    it("shows why the preview failed, and the server's reason when adding fails", async () => {
      stubFetch({
        'GET /api/auth/user': { body: currentUser() },
        'GET /api/holidays': { body: [] },
        'GET /api/holidays/bank-holidays': [
          { status: 500, body: { statusCode: 500, message: 'Database unavailable', error: 'x' } },
          preview('england_wales', false),
        ],
        'POST /api/holidays/bank-holidays': {
          status: 400,
          body: { statusCode: 400, message: 'academicYearStart must be a year', error: 'x' },
        },
      });
      renderHolidays();

      await user.click(screen.getByRole('button', { name: 'Add bank holidays' }));
      const dialog = await screen.findByRole('dialog', { name: 'Add bank holidays' });

      expect(await within(dialog).findByText('Failed to load bank holidays')).toBeInTheDocument();
      expect(within(dialog).getByText('Database unavailable')).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Retry' }));
      await within(dialog).findByRole('list', { name: 'Bank holidays' });

      await user.click(within(dialog).getByRole('button', { name: 'Add 2 bank holidays' }));

      const alert = await findToast('alert', 'Error');
      expect(within(alert).getByText('academicYearStart must be a year')).toBeInTheDocument();
      expect(screen.getByRole('dialog', { name: 'Add bank holidays' })).toBeInTheDocument();
    });
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
