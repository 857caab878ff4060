import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { AccessContext, accessFor } from '@/shared/auth/access';
import { choose, offeredNames } from '@/testing/antd-helpers';
import { staffMember, dutyManagerDuty } from '@/testing/fixtures';
import {
  callCount,
  fill,
  renderWithProviders,
  sentBodies,
  setupUser,
  stubFetch,
} from '@/testing/test-utils';

import type { DutyDto } from '../api';
import { DutiesPage } from '../pages/duties-page';
import { FILL_LABEL } from './fill-duty-offer';

const CREATE = 'POST /api/duties';

const dutyManager = dutyManagerDuty();

const created: DutyDto = {
  ...dutyManager,
  id: 'd-new',
  name: 'Lunch',
  place: 'Hall',
  startTime: '12:30',
  endTime: '13:00',
  weekdays: [{ weekday: 2, people: 1 }],
  weight: 30,
  pairsTeaching: false,
  isDutyManager: false,
  sortOrder: 1,
};

function renderPage(replies: Parameters<typeof stubFetch>[0] = {}) {
  const fetchMock = stubFetch({
    'GET /api/duties': { body: [dutyManager] },
    'GET /api/staff-groups': { body: [{ id: 'g-slt', name: 'SLT', members: [] }] },
    'GET /api/staff': {
      body: [
        staffMember('s-sam', 'Sam Lee'),
        staffMember('s-old', 'Ola Gone', { isActive: false }),
      ],
    },
    'GET /api/duty-templates': { body: [] },
    'GET /api/duty-rules': { body: { maxDutiesPerDay: 1, allDayDutiesCount: true } },
    ...replies,
  });
  renderWithProviders(
    <AccessContext value={accessFor('manager')}>
      <DutiesPage />
    </AccessContext>,
  );
  return fetchMock;
}

async function typeTime(user: UserEvent, field: HTMLElement, text: string) {
  await user.click(field);
  await user.clear(field);
  await user.type(field, `${text}{Enter}`);
}

async function openAdd(user: UserEvent) {
  await user.click(await screen.findByRole('button', { name: 'Add Duty' }));
  return screen.findByRole('dialog', { name: 'Add Duty' });
}

describe('the duty form', () => {
  let user: UserEvent;

  beforeEach(() => {
    user = setupUser();
  });

  it("refuses what the server would, in the server's words, before sending", async () => {
    const fetchMock = renderPage();
    const drawer = await openAdd(user);
    await typeTime(user, within(drawer).getByLabelText('Start'), '13:00');
    await typeTime(user, within(drawer).getByLabelText('End'), '12:30');
    await fill(user, within(drawer).getByLabelText('People on Tue'), '11');
    await fill(user, within(drawer).getByLabelText('Weight'), '700');
    await user.click(within(drawer).getByRole('radio', { name: 'Named groups and people' }));
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));

    expect(await within(drawer).findByText('Duty name is required')).toBeInTheDocument();
    expect(
      within(drawer).getByText('The weight must be a whole number from 1 to 600 (minutes)'),
    ).toBeInTheDocument();
    expect(
      within(drawer).getByText('The end time must be after the start time'),
    ).toBeInTheDocument();
    expect(
      within(drawer).getByText('People per day must be a whole number from 1 to 10'),
    ).toBeInTheDocument();
    expect(
      within(drawer).getByText('Name at least one staff group or person who may take the duty'),
    ).toBeInTheDocument();
    expect(callCount(fetchMock, CREATE)).toBe(0);
  });

  it('asks for both times, or all day, and for a weekday', async () => {
    const fetchMock = renderPage();
    const drawer = await openAdd(user);
    await fill(user, within(drawer).getByLabelText('Name'), 'Lunch');
    for (const day of ['Mon', 'Tue', 'Wed', 'Thu', 'Fri']) {
      await user.click(within(drawer).getByRole('checkbox', { name: day }));
    }
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    expect(
      await within(drawer).findByText(
        'Give the start time as HH:mm, such as 12:30, or leave both times out for an all-day duty',
      ),
    ).toBeInTheDocument();
    expect(
      within(drawer).getByText(
        'Give the weekdays the duty runs on (1 to 5 of them, Monday to Friday), each once, with the people it needs',
      ),
    ).toBeInTheDocument();
    expect(callCount(fetchMock, CREATE)).toBe(0);
  });

  it('adds a duty with what was chosen, then offers to fill it', async () => {
    const fetchMock = renderPage({
      'GET /api/duties': [{ body: [dutyManager] }, { body: [dutyManager, created] }],
      [CREATE]: { status: 201, body: { duty: created, rotaChange: null } },
    });
    const drawer = await openAdd(user);
    await fill(user, within(drawer).getByLabelText('Name'), '  Lunch ');
    await fill(user, within(drawer).getByLabelText('Place'), 'Hall');
    await fill(user, within(drawer).getByLabelText('Description'), 'Watch the queue');
    await typeTime(user, within(drawer).getByLabelText('Start'), '12:30');
    await typeTime(user, within(drawer).getByLabelText('End'), '13:00');
    for (const day of ['Mon', 'Wed', 'Thu', 'Fri']) {
      await user.click(within(drawer).getByRole('checkbox', { name: day }));
    }
    await user.click(within(drawer).getByRole('radio', { name: 'Named groups and people' }));
    expect(await offeredNames(user, drawer, 'People')).toEqual(['Sam Lee']);
    await choose(user, drawer, 'People', 'Sam Lee');
    await choose(user, drawer, 'Staff groups', 'SLT');
    await user.click(within(drawer).getByRole('switch', { name: 'Teaching mix applies' }));
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Duty added')).toBeInTheDocument();
    expect(sentBodies(fetchMock, CREATE)).toEqual([
      {
        name: 'Lunch',
        place: 'Hall',
        description: 'Watch the queue',
        startTime: '12:30',
        endTime: '13:00',
        weekdays: [{ weekday: 2, people: 1 }],
        eligible: 'listed',
        groupIds: ['g-slt'],
        staffIds: ['s-sam'],
        pairsTeaching: true,
      },
    ]);
    expect(await screen.findByRole('button', { name: FILL_LABEL })).toBeInTheDocument();
  });

  it("adds an all-day duty, and shows the server's refusal", async () => {
    const fetchMock = renderPage({
      [CREATE]: { status: 409, body: { message: "A duty named 'lunch' already exists" } },
    });
    const drawer = await openAdd(user);
    await fill(user, within(drawer).getByLabelText('Name'), 'lunch');
    await user.click(within(drawer).getByRole('switch', { name: 'All day' }));
    await fill(user, within(drawer).getByLabelText('People on Mon'), '3');
    await fill(user, within(drawer).getByLabelText('Weight'), '45');
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText("A duty named 'lunch' already exists")).toBeInTheDocument();
    expect(sentBodies(fetchMock, CREATE)).toEqual([
      {
        name: 'lunch',
        place: null,
        description: '',
        startTime: null,
        endTime: null,
        weekdays: [
          { weekday: 1, people: 3 },
          { weekday: 2, people: 1 },
          { weekday: 3, people: 1 },
          { weekday: 4, people: 1 },
          { weekday: 5, people: 1 },
        ],
        eligible: 'everyone',
        groupIds: [],
        staffIds: [],
        weight: 45,
        pairsTeaching: false,
      },
    ]);
    expect(screen.getByRole('dialog', { name: 'Add Duty' })).toBeInTheDocument();
  });

  it("edits a duty from its values, leaving a weight that wasn't changed to the server", async () => {
    const UPDATE = 'PUT /api/duties/d-new';
    const listed: DutyDto = { ...created, eligible: 'listed', groupIds: ['g-slt'], staffIds: [] };
    const fetchMock = renderPage({
      'GET /api/duties': { body: [dutyManager, listed] },
      [UPDATE]: { body: { duty: listed, rotaChange: null } },
    });
    const row = await screen.findByRole('listitem', { name: 'Lunch — Hall' });
    await user.click(within(row).getByRole('button', { name: 'Edit Lunch — Hall' }));
    const drawer = await screen.findByRole('dialog', { name: 'Edit Lunch' });
    expect(within(drawer).getByLabelText('Name')).toHaveValue('Lunch');
    expect(within(drawer).getByLabelText('Start')).toHaveValue('12:30');
    expect(within(drawer).getByRole('checkbox', { name: 'Tue' })).toBeChecked();
    expect(within(drawer).getByRole('checkbox', { name: 'Mon' })).not.toBeChecked();
    expect(within(drawer).getByLabelText('People on Mon')).toBeDisabled();
    await user.click(within(drawer).getByRole('checkbox', { name: 'Fri' }));
    await fill(user, within(drawer).getByLabelText('People on Fri'), '2');
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Duty saved')).toBeInTheDocument();
    expect(sentBodies(fetchMock, UPDATE)).toEqual([
      {
        name: 'Lunch',
        place: 'Hall',
        description: '',
        startTime: '12:30',
        endTime: '13:00',
        weekdays: [
          { weekday: 2, people: 1 },
          { weekday: 5, people: 2 },
        ],
        eligible: 'listed',
        groupIds: ['g-slt'],
        staffIds: [],
        pairsTeaching: false,
      },
    ]);
  });

  it('keeps, changes and takes away a wet-weather place', async () => {
    const UPDATE = 'PUT /api/duties/d-new';
    const field: DutyDto = { ...created, place: 'Field', wetPlace: 'Hall' };
    const fetchMock = renderPage({
      'GET /api/duties': { body: [dutyManager, field] },
      [UPDATE]: { body: { duty: field, rotaChange: null } },
    });
    const edit = async () => {
      const row = await screen.findByRole('listitem', { name: 'Lunch — Field' });
      await user.click(within(row).getByRole('button', { name: 'Edit Lunch — Field' }));
      return screen.findByRole('dialog', { name: 'Edit Lunch' });
    };
    let drawer = await edit();
    expect(within(drawer).getByLabelText('Wet-weather place')).toHaveValue('Hall');
    await fill(user, within(drawer).getByLabelText('Wet-weather place'), 'x'.repeat(101));
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    expect(
      await within(drawer).findByText('The wet-weather place must be at most 100 characters'),
    ).toBeInTheDocument();
    expect(callCount(fetchMock, UPDATE)).toBe(0);
    await fill(user, within(drawer).getByLabelText('Wet-weather place'), ' Gym ');
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Duty saved')).toBeInTheDocument();
    drawer = await edit();
    await user.clear(within(drawer).getByLabelText('Wet-weather place'));
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(callCount(fetchMock, UPDATE)).toBe(2));
    expect(
      sentBodies(fetchMock, UPDATE).map((b) => (b as { wetPlace?: string | null }).wetPlace),
    ).toEqual(['Gym', null]);
  });

  it('changes only what the Duty Manager duty allows', async () => {
    const UPDATE = 'PUT /api/duties/d-dm';
    const fetchMock = renderPage({
      [UPDATE]: { body: { duty: { ...dutyManager, place: 'Office' }, rotaChange: null } },
    });
    const dm = await screen.findByRole('listitem', { name: 'Duty Manager' });
    expect(within(dm).queryByRole('button', { name: 'Pause Duty Manager' })).toBeNull();
    expect(within(dm).queryByRole('button', { name: 'Delete Duty Manager' })).toBeNull();
    await user.click(within(dm).getByRole('button', { name: 'Edit Duty Manager' }));
    const drawer = await screen.findByRole('dialog', { name: 'Edit Duty Manager' });
    expect(within(drawer).getByLabelText('Name')).toBeDisabled();
    expect(within(drawer).getByRole('switch', { name: 'All day' })).toBeDisabled();
    expect(within(drawer).getByRole('checkbox', { name: 'Mon' })).toBeDisabled();
    expect(within(drawer).getByLabelText('People on Mon')).toBeDisabled();
    expect(within(drawer).getByRole('switch', { name: 'Teaching mix applies' })).toBeDisabled();
    await fill(user, within(drawer).getByLabelText('Place'), 'Office');
    await user.click(within(drawer).getByRole('radio', { name: 'Teaching staff' }));
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Duty saved')).toBeInTheDocument();
    expect(sentBodies(fetchMock, UPDATE)).toEqual([
      { place: 'Office', description: '', eligible: 'teaching', groupIds: [], staffIds: [] },
    ]);
  });
});
