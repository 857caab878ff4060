import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import { currentUser, currentWeek, rotaDay, staffMember, unavailability } from '@/testing/fixtures';
import {
  callCount,
  renderApp,
  sentBodies,
  setupUser,
  storeToken,
  stubFetch,
} from '@/testing/test-utils';

// The signed-in user of `currentUser()` is u-1 (ada@hillside.example).
const ada = staffMember('s-1', 'Ada Admin', { userId: 'u-1', email: 'ada@hillside.example' });
const bob = staffMember('s-3', 'Bob Stone');

function renderMyRota(role: 'staff' | 'manager') {
  storeToken();
  const fetchMock = stubFetch({
    'GET /api/auth/user': { body: currentUser({ user: { role } }) },
    'GET /api/current-week': { body: currentWeek() },
    'GET /api/staff': { body: [bob, ada] },
    'GET /api/rota': { body: [rotaDay('2025-09-10', [ada, bob])] },
    'GET /api/staff-unavailability/s-1': {
      body: [unavailability('u-1', 's-1', '2025-10-20', '2025-10-24')],
    },
    'GET /api/staff-unavailability/s-3': {
      body: [
        unavailability('u-2', 's-3', '2025-11-03', '2025-11-03', {
          type: 'training',
          reason: 'Safeguarding course',
        }),
      ],
    },
  });
  renderApp('/my-rota');
  return fetchMock;
}

async function pick(user: UserEvent, name: string) {
  await user.click(screen.getByRole('combobox', { name: 'Staff member' }));
  await user.click(await screen.findByTitle(name));
}

describe('My Rota with unavailability', () => {
  let user: UserEvent;

  beforeEach(() => {
    user = setupUser();
  });

  it('shows the signed-in person’s own unavailability below their duties', async () => {
    const fetchMock = renderMyRota('staff');

    const section = await screen.findByRole('region', { name: 'My Unavailability' });
    expect(await within(section).findByText('Family holiday')).toBeInTheDocument();
    expect(within(section).getByText('Annual Leave')).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Add Unavailability' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Duty Assignments' })).toBeInTheDocument();
    expect(callCount(fetchMock, 'GET /api/staff-unavailability/s-1')).toBe(1);
  });

  it('shows staff a note, not the data, for someone else', async () => {
    const fetchMock = renderMyRota('staff');
    await screen.findByRole('region', { name: 'My Unavailability' });

    await pick(user, 'Bob Stone');

    const section = await screen.findByRole('region', { name: 'Unavailability — Bob Stone' });
    expect(
      within(section).getByText(
        "Only managers and administrators can see other people's unavailability.",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'My Unavailability' })).not.toBeInTheDocument();
    expect(callCount(fetchMock, 'GET /api/staff-unavailability/s-3')).toBe(0);
  });

  it('shows a manager anyone’s unavailability, under their name', async () => {
    const fetchMock = renderMyRota('manager');
    await screen.findByRole('region', { name: 'My Unavailability' });

    await pick(user, 'Bob Stone');

    const section = await screen.findByRole('region', { name: 'Unavailability — Bob Stone' });
    expect(await within(section).findByText('Safeguarding course')).toBeInTheDocument();
    expect(within(section).getByText('Training')).toBeInTheDocument();
    expect(callCount(fetchMock, 'GET /api/staff-unavailability/s-3')).toBe(1);
  });

  it('offers someone who manages staff without a staff record of their own to add themselves, and then shows their rota', async () => {
    storeToken();
    const fetchMock = stubFetch({
      'GET /api/auth/user': { body: currentUser() },
      'GET /api/current-week': { body: currentWeek() },
      'GET /api/staff': [{ body: [bob] }, { body: [bob, ada] }],
      'GET /api/rota': { body: [rotaDay('2025-09-10', [bob])] },
      'GET /api/staff-unavailability/s-1': { body: [] },
      'POST /api/staff': { status: 201, body: ada },
    });
    renderApp('/my-rota');

    const offer = await screen.findByText('You are not on the staff list');
    expect(await screen.findByText('Choose a staff member to see their rota.')).toBeInTheDocument();
    const note = offer.closest('[role="alert"]') as HTMLElement;
    await user.click(within(note).getByRole('radio', { name: 'Non-Teaching' }));
    await user.click(within(note).getByRole('button', { name: 'Add me to the staff list' }));

    expect(
      await screen.findByText(
        'You are on the staff list. Your duties show here once you have some.',
      ),
    ).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST /api/staff')).toEqual([
      { name: 'Ada Admin', email: 'ada@hillside.example', isTeaching: false },
    ]);
    expect(await screen.findByRole('region', { name: 'My Unavailability' })).toBeInTheDocument();
    expect(screen.queryByText('You are not on the staff list')).not.toBeInTheDocument();
    expect(screen.getByText('0 duty days')).toBeInTheDocument();
  });

  it('does not offer staff, who do not manage records, to add themselves', async () => {
    storeToken();
    stubFetch({
      'GET /api/auth/user': { body: currentUser({ user: { role: 'staff' } }) },
      'GET /api/current-week': { body: currentWeek() },
      'GET /api/staff': { body: [bob] },
      'GET /api/rota': { body: [] },
    });
    renderApp('/my-rota');
    expect(await screen.findByText('Choose a staff member to see their rota.')).toBeInTheDocument();
    expect(screen.queryByText('You are not on the staff list')).not.toBeInTheDocument();
  });
});
