import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import { AccessContext, accessFor } from '@/shared/auth/access';
import { staffMember, dutyManagerDuty } from '@/testing/fixtures';
import {
  callCount,
  renderWithProviders,
  sentBodies,
  setupUser,
  stubFetch,
} from '@/testing/test-utils';

import type { DutyDto, DutyTemplateDto } from '../api';
import { FILL_LABEL } from '../components/fill-duty-offer';
import { DutiesPage } from './duties-page';

const DUTIES = 'GET /api/duties';
const ORDER = 'POST /api/duties/order';
const FILL = 'POST /api/rota/fill-unassigned';

const dutyManager = dutyManagerDuty();

const lunch: DutyDto = {
  ...dutyManager,
  id: 'd-lunch',
  name: 'Lunch',
  place: 'Field',
  startTime: '12:30',
  endTime: '13:10',
  eligible: 'teaching',
  weight: 40,
  pairsTeaching: false,
  isDutyManager: false,
  sortOrder: 1,
};

const gate: DutyDto = {
  ...lunch,
  id: 'd-gate',
  name: 'Gate',
  place: 'Main gate',
  startTime: '08:30',
  endTime: '08:50',
  weekdays: [
    { weekday: 2, people: 1 },
    { weekday: 4, people: 1 },
  ],
  eligible: 'listed',
  groupIds: ['g-slt'],
  staffIds: ['s-sam'],
  weight: 20,
  paused: true,
  sortOrder: 2,
};

const GROUPS = [{ id: 'g-slt', name: 'SLT', members: [] }];
const STAFF = [
  staffMember('s-sam', 'Sam Lee'),
  staffMember('s-old', 'Ola Gone', { isActive: false }),
];

const removal = {
  dates: ['2025-09-09'],
  message: "Pausing the duty 'Lunch — Field' removed 3 duties on 9–11 Sep; 0 refilled.",
  refilledDuties: 0,
  removedDuties: 3,
};

function renderDuties(role = 'admin', replies: Parameters<typeof stubFetch>[0] = {}) {
  const fetchMock = stubFetch({
    [DUTIES]: { body: [dutyManager, lunch, gate] },
    'GET /api/staff-groups': { body: GROUPS },
    'GET /api/staff': { body: STAFF },
    'GET /api/duty-templates': { body: [] },
    'GET /api/duty-rules': { body: { maxDutiesPerDay: 1, allDayDutiesCount: true } },
    ...replies,
  });
  renderWithProviders(
    <AccessContext value={accessFor(role)}>
      <DutiesPage />
    </AccessContext>,
  );
  return fetchMock;
}

function dutiesCard() {
  return screen.getByRole('region', { name: 'Your duties' });
}

async function row(title: string) {
  return within(dutiesCard()).findByRole('listitem', { name: title });
}

describe('the Duties page', () => {
  let user: UserEvent;

  beforeEach(() => {
    user = setupUser();
  });

  it("lists the school's duties in order, each summed up", async () => {
    renderDuties();
    const dm = await row('Duty Manager');
    const items = within(dutiesCard()).getAllByRole('listitem');
    expect(items.map((item) => item.getAttribute('aria-label'))).toEqual([
      'Duty Manager',
      'Lunch — Field',
      'Gate — Main gate',
    ]);
    expect(dm).toHaveTextContent('All day · Mon–Fri · 2 people');
    expect(dm).toHaveTextContent('Everyone · 60 min');
    const lunchRow = await row('Lunch — Field');
    expect(lunchRow).toHaveTextContent('12:30–13:10 · Mon–Fri · 2 people');
    expect(lunchRow).toHaveTextContent('Teaching staff · 40 min');
    expect(within(lunchRow).queryByText('Paused')).toBeNull();
    const gateRow = await row('Gate — Main gate');
    expect(gateRow).toHaveTextContent('08:30–08:50 · Tue, Thu · 1 person');
    expect(await within(gateRow).findByText(/SLT, Sam Lee · 20 min/)).toBeInTheDocument();
    expect(within(gateRow).getByText('Paused')).toBeInTheDocument();

    // The Duty Manager duty is neither paused nor deleted; the ends can't move further.
    expect(within(dm).queryByRole('button', { name: /^Pause/ })).toBeNull();
    expect(within(dm).queryByRole('button', { name: /^Delete/ })).toBeNull();
    expect(within(dm).getByRole('button', { name: 'Move Duty Manager up' })).toBeDisabled();
    expect(
      within(gateRow).getByRole('button', { name: 'Move Gate — Main gate down' }),
    ).toBeDisabled();
    expect(within(gateRow).getByRole('button', { name: 'Resume Gate — Main gate' })).toBeEnabled();
  });

  it('offers the poster of each duty with a place, a link to its page', async () => {
    renderDuties();
    const lunchRow = await row('Lunch — Field');
    expect(within(lunchRow).getByRole('link', { name: 'Poster of Lunch — Field' })).toHaveAttribute(
      'href',
      '/rota/poster?duty=d-lunch',
    );
    const gateRow = await row('Gate — Main gate');
    expect(
      within(gateRow).getByRole('link', { name: 'Poster of Gate — Main gate' }),
    ).toHaveAttribute('href', '/rota/poster?duty=d-gate');
    // The Duty Manager duty has no place: no duty point to pin a poster at.
    expect(within(await row('Duty Manager')).queryByRole('link', { name: /^Poster/ })).toBeNull();
  });

  it('shows a loading state, then a failure with a retry', async () => {
    const fetchMock = renderDuties('admin', {
      [DUTIES]: [
        { status: 500, body: { message: 'Database unavailable' } },
        { body: [dutyManager] },
      ],
    });
    expect(screen.getByRole('status', { name: 'Loading duties' })).toBeInTheDocument();
    expect(await screen.findByText('Failed to load duties')).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await row('Duty Manager')).toBeInTheDocument();
    expect(callCount(fetchMock, DUTIES)).toBe(2);
  });

  it('moves a duty up or down by sending the new order', async () => {
    const fetchMock = renderDuties('admin', {
      [DUTIES]: [{ body: [dutyManager, lunch, gate] }, { body: [lunch, dutyManager, gate] }],
      [ORDER]: { body: [lunch, dutyManager, gate] },
    });
    await user.click(
      within(await row('Lunch — Field')).getByRole('button', { name: 'Move Lunch — Field up' }),
    );
    await waitFor(() =>
      expect(
        within(dutiesCard())
          .getAllByRole('listitem')
          .map((item) => item.getAttribute('aria-label')),
      ).toEqual(['Lunch — Field', 'Duty Manager', 'Gate — Main gate']),
    );
    // At the top its Move up is disabled: the keyboard focus moves to its Move down.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Move Lunch — Field down' })).toHaveFocus(),
    );
    await user.click(
      within(await row('Duty Manager')).getByRole('button', { name: 'Move Duty Manager down' }),
    );
    await waitFor(() => expect(callCount(fetchMock, ORDER)).toBe(2));
    expect(sentBodies(fetchMock, ORDER)).toEqual([
      { dutyIds: ['d-lunch', 'd-dm', 'd-gate'] },
      { dutyIds: ['d-lunch', 'd-gate', 'd-dm'] },
    ]);
  });

  it("shows the server's refusal of an order", async () => {
    renderDuties('admin', {
      [ORDER]: {
        status: 400,
        body: {
          message: "The order (dutyIds) must list each of the school's duties once, by its id",
        },
      },
    });
    await user.click(
      within(await row('Lunch — Field')).getByRole('button', { name: 'Move Lunch — Field down' }),
    );
    expect(
      await screen.findByText(
        "The order (dutyIds) must list each of the school's duties once, by its id",
      ),
    ).toBeInTheDocument();
  });

  it('pauses a duty and tells what it did to the rota', async () => {
    const fetchMock = renderDuties('admin', {
      'POST /api/duties/d-lunch/pause': {
        body: { duty: { ...lunch, paused: true }, rotaChange: removal },
      },
    });
    await user.click(
      within(await row('Lunch — Field')).getByRole('button', { name: 'Pause Lunch — Field' }),
    );
    expect(await screen.findByText(removal.message)).toBeInTheDocument();
    expect(callCount(fetchMock, 'POST /api/duties/d-lunch/pause')).toBe(1);
  });

  it('resumes a duty, then fills it to the end of the summer term when asked', async () => {
    const fetchMock = renderDuties('admin', {
      'POST /api/duties/d-gate/resume': {
        body: { duty: { ...gate, paused: false }, rotaChange: null },
      },
      [FILL]: [
        {
          status: 409,
          body: {
            message: '2025-2026 has no term dates yet',
            code: 'term_dates_missing',
          },
        },
        {
          body: {
            message: 'Filled 40 slots of Gate — Main gate',
            changedDays: 40,
            changedSlots: 40,
            unfilledSlots: 0,
            startDate: '2025-09-09',
            endDate: '2026-07-22',
          },
        },
      ],
    });
    await user.click(
      within(await row('Gate — Main gate')).getByRole('button', {
        name: 'Resume Gate — Main gate',
      }),
    );
    expect(await screen.findByText('Resumed Gate — Main gate')).toBeInTheDocument();
    const fill = await screen.findByRole('button', { name: FILL_LABEL });
    await user.click(fill);
    expect(await screen.findByText('2025-2026 has no term dates yet')).toBeInTheDocument();
    await user.click(fill);
    expect(await screen.findByText('Filled 40 slots of Gate — Main gate')).toBeInTheDocument();
    expect(sentBodies(fetchMock, FILL)).toEqual([
      { allWeekdays: false, dutyIds: ['d-gate'] },
      { allWeekdays: false, dutyIds: ['d-gate'] },
    ]);
    await waitFor(() => expect(screen.queryByRole('button', { name: FILL_LABEL })).toBeNull());
  });

  it('deletes a duty only once confirmed', async () => {
    const DELETE = 'DELETE /api/duties/d-lunch';
    const fetchMock = renderDuties('admin', {
      [DELETE]: {
        body: {
          rotaChange: { ...removal, removedDuties: 0, message: 'Nothing planned changed' },
        },
      },
    });
    await user.click(
      within(await row('Lunch — Field')).getByRole('button', { name: 'Delete Lunch — Field' }),
    );
    expect(await screen.findByText('Delete this duty?')).toBeInTheDocument();
    expect(
      screen.getByText('Its people are taken off it from today on; past duties stay.'),
    ).toBeInTheDocument();
    expect(callCount(fetchMock, DELETE)).toBe(0);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Deleted Lunch — Field')).toBeInTheDocument();
    expect(callCount(fetchMock, DELETE)).toBe(1);
  });

  it("shows the server's refusal to delete", async () => {
    renderDuties('admin', {
      'DELETE /api/duties/d-lunch': {
        status: 404,
        body: { message: 'Duty not found' },
      },
    });
    await user.click(
      within(await row('Lunch — Field')).getByRole('button', { name: 'Delete Lunch — Field' }),
    );
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Duty not found')).toBeInTheDocument();
  });

  describe('templates', () => {
    const primary: DutyTemplateDto = {
      key: 'primary',
      name: 'Primary school',
      duties: [
        { ...lunch, name: 'Gate before school' },
        { ...lunch, name: 'Lunch in the hall' },
      ],
    };
    const secondary: DutyTemplateDto = { ...primary, key: 'secondary', name: 'Secondary school' };

    it("adds a template's duties, naming them first, and says what it skipped", async () => {
      const APPLY = 'POST /api/duty-templates/primary/apply';
      const fetchMock = renderDuties('manager', {
        'GET /api/duty-templates': { body: [primary, secondary] },
        [APPLY]: { body: { added: ['Gate before school'], skipped: ['Lunch in the hall'] } },
      });
      const card = await screen.findByRole('region', { name: 'Start from a template' });
      await user.click(await within(card).findByRole('button', { name: 'Primary school' }));
      expect(await screen.findByText('Add the primary school duties?')).toBeInTheDocument();
      expect(screen.getByText('Gate before school')).toBeInTheDocument();
      expect(screen.getByText('Lunch in the hall')).toBeInTheDocument();
      expect(callCount(fetchMock, APPLY)).toBe(0);
      await user.click(screen.getByRole('button', { name: 'Add' }));
      expect(
        await screen.findByText(
          'Added 1 duty. Skipped, as you have them already: Lunch in the hall.',
        ),
      ).toBeInTheDocument();
      expect(callCount(fetchMock, APPLY)).toBe(1);
    });
  });

  describe('daily rules', () => {
    it('are for admins only', async () => {
      renderDuties('manager');
      await row('Duty Manager');
      expect(screen.queryByRole('region', { name: 'Daily rules' })).toBeNull();
    });

    it('save, refusing a maximum out of range, and tell what they did to the rota', async () => {
      const SAVE = 'PUT /api/duty-rules';
      const message = 'Setting at most 1 duty a day removed 2 duties on 9 Sep; 1 refilled.';
      const fetchMock = renderDuties('admin', {
        'GET /api/duty-rules': { body: { maxDutiesPerDay: 2, allDayDutiesCount: false } },
        [SAVE]: {
          body: {
            rules: { maxDutiesPerDay: 1, allDayDutiesCount: true },
            rotaChange: { ...removal, message, removedDuties: 2 },
          },
        },
      });
      const card = await screen.findByRole('region', { name: 'Daily rules' });
      const max = await within(card).findByLabelText('At most this many duties a day');
      await user.clear(max);
      await user.type(max, '6');
      await user.click(within(card).getByRole('button', { name: 'Save' }));
      expect(
        await within(card).findByText('Max duties per day must be a whole number from 1 to 5'),
      ).toBeInTheDocument();
      expect(callCount(fetchMock, SAVE)).toBe(0);

      await user.clear(max);
      await user.type(max, '1');
      await user.click(
        within(card).getByRole('switch', { name: 'The all-day Duty Manager duty counts' }),
      );
      await user.click(within(card).getByRole('button', { name: 'Save' }));
      expect(await screen.findByText(message)).toBeInTheDocument();
      expect(sentBodies(fetchMock, SAVE)).toEqual([
        { maxDutiesPerDay: 1, allDayDutiesCount: true },
      ]);
    });
  });
});
