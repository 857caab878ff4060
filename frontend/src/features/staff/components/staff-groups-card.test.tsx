import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import { choose, offeredNames } from '@/testing/antd-helpers';
import { staffMember } from '@/testing/fixtures';
import {
  callCount,
  fill,
  renderWithProviders,
  sentBodies,
  setupUser,
  stubFetch,
} from '@/testing/test-utils';

import type { StaffGroupDto } from '../api';

import { StaffGroupsCard } from './staff-groups-card';

const GET = 'GET /api/staff-groups';
const STAFF = 'GET /api/staff';

const SLT: StaffGroupDto = {
  id: '0b7d3c1e-1111-4aaa-8bbb-000000000001',
  name: 'SLT',
  members: [
    { id: 's-amir', name: 'Amir Deputy' },
    { id: 's-zoe', name: 'Zoë Head' },
  ],
};

function card() {
  return screen.getByRole('region', { name: 'Staff Groups' });
}

describe('Staff Groups card', () => {
  let user: UserEvent;

  beforeEach(() => {
    user = setupUser();
  });

  it('lists each group with its people', async () => {
    stubFetch({ [GET]: { body: [SLT] } });
    renderWithProviders(<StaffGroupsCard />);
    const row = (await within(card()).findByText('SLT')).closest('tr')!;
    expect(within(row).getByText('Amir Deputy')).toBeInTheDocument();
    expect(within(row).getByText('Zoë Head')).toBeInTheDocument();
  });

  it('says when there is no group yet', async () => {
    stubFetch({ [GET]: { body: [] } });
    renderWithProviders(<StaffGroupsCard />);
    expect(
      await within(card()).findByText('No staff groups yet. Add one, such as SLT or First aiders.'),
    ).toBeInTheDocument();
  });

  it('says when the groups failed to load, and tries again', async () => {
    const fetchMock = stubFetch({
      [GET]: [{ status: 500, body: { message: 'Database unavailable' } }, { body: [SLT] }],
    });
    renderWithProviders(<StaffGroupsCard />);
    expect(await within(card()).findByText('Failed to load staff groups')).toBeInTheDocument();
    await user.click(within(card()).getByRole('button', { name: 'Try again' }));
    expect(await within(card()).findByText('SLT')).toBeInTheDocument();
    expect(callCount(fetchMock, GET)).toBe(2);
  });

  it('adds a group with the people chosen from the staff, trimmed', async () => {
    const fetchMock = stubFetch({
      [GET]: [
        { body: [] },
        {
          body: [
            {
              ...SLT,
              id: 'new',
              name: 'First aiders',
              members: [{ id: 's-bea', name: 'Bea First' }],
            },
          ],
        },
      ],
      [STAFF]: {
        body: [
          staffMember('s-bea', 'Bea First'),
          staffMember('s-cal', 'Cal Former', { isActive: false }),
        ],
      },
      'POST /api/staff-groups': {
        status: 201,
        body: { id: 'new', name: 'First aiders', members: [{ id: 's-bea', name: 'Bea First' }] },
      },
    });
    renderWithProviders(<StaffGroupsCard />);
    await user.click(within(card()).getByRole('button', { name: 'Add Group' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Staff Group' });
    await fill(user, within(dialog).getByLabelText('Group name'), '  First aiders ');
    expect(await offeredNames(user, dialog, 'People')).toEqual([
      'Bea First',
      'Cal Former (inactive)',
    ]);
    await choose(user, dialog, 'People', 'Bea First');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Staff group added')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST /api/staff-groups')).toEqual([
      { name: 'First aiders', memberIds: ['s-bea'] },
    ]);
    expect(await within(card()).findByText('First aiders')).toBeInTheDocument();
  });

  it("refuses an empty name before sending, and shows the server's refusal", async () => {
    const fetchMock = stubFetch({
      [GET]: { body: [SLT] },
      [STAFF]: { body: [] },
      'PUT /api/staff-groups/0b7d3c1e-1111-4aaa-8bbb-000000000001': {
        status: 409,
        body: { message: "A staff group named 'Others' already exists" },
      },
    });
    renderWithProviders(<StaffGroupsCard />);
    await user.click(await within(card()).findByRole('button', { name: 'Edit SLT' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Staff Group' });
    const name = within(dialog).getByLabelText('Group name');
    await user.clear(name);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Group name is required')).toBeInTheDocument();
    expect(callCount(fetchMock, 'PUT /api/staff-groups/0b7d3c1e-1111-4aaa-8bbb-000000000001')).toBe(
      0,
    );

    await fill(user, name, 'Others');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText("A staff group named 'Others' already exists"),
    ).toBeInTheDocument();
    expect(
      sentBodies(fetchMock, 'PUT /api/staff-groups/0b7d3c1e-1111-4aaa-8bbb-000000000001'),
    ).toEqual([{ name: 'Others', memberIds: ['s-amir', 's-zoe'] }]);
  });

  it('deletes a group once confirmed', async () => {
    const fetchMock = stubFetch({
      [GET]: [{ body: [SLT] }, { body: [] }],
      'DELETE /api/staff-groups/0b7d3c1e-1111-4aaa-8bbb-000000000001': {
        body: { rotaChange: { removedDuties: 0, message: '' } },
      },
    });
    renderWithProviders(<StaffGroupsCard />);
    await user.click(await within(card()).findByRole('button', { name: 'Delete SLT' }));
    expect(
      callCount(fetchMock, 'DELETE /api/staff-groups/0b7d3c1e-1111-4aaa-8bbb-000000000001'),
    ).toBe(0);
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Deleted the staff group SLT')).toBeInTheDocument();
    expect(
      await within(card()).findByText('No staff groups yet. Add one, such as SLT or First aiders.'),
    ).toBeInTheDocument();
  });
  it("says what taking people out of a group did to the rota, in the server's words", async () => {
    const message =
      "Changing the staff group 'SLT' removed 2 duties on 9–10 Sep; 2 refilled (not allowed on Lunch gate).";
    stubFetch({
      [GET]: { body: [SLT] },
      [STAFF]: { body: [] },
      'PUT /api/staff-groups/0b7d3c1e-1111-4aaa-8bbb-000000000001': {
        body: { ...SLT, rotaChange: { removedDuties: 2, message } },
      },
      'DELETE /api/staff-groups/0b7d3c1e-1111-4aaa-8bbb-000000000001': {
        body: {
          rotaChange: {
            removedDuties: 1,
            message: "Deleting the staff group 'SLT' removed 1 duty",
          },
        },
      },
    });
    renderWithProviders(<StaffGroupsCard />);
    await user.click(await within(card()).findByRole('button', { name: 'Edit SLT' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Staff Group' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.queryByText('Staff group updated')).not.toBeInTheDocument();

    await user.click(await within(card()).findByRole('button', { name: 'Delete SLT' }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByText("Deleting the staff group 'SLT' removed 1 duty"),
    ).toBeInTheDocument();
  });
});
