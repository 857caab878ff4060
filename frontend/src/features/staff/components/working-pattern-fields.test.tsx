import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import { AccessContext, accessFor } from '@/shared/auth/access';
import { staffMember } from '@/testing/fixtures';
import {
  callCount,
  fill,
  renderWithProviders,
  sentBodies,
  setupUser,
  stubFetch,
} from '@/testing/test-utils';

import { StaffManagement } from './staff-management';

// docs/product.md#working-patterns: the Working pattern part of the staff dialogs.

const bob = staffMember('s-2', 'Bob Stone', { isTeaching: false });
const partTimer = staffMember('s-4', 'Pat Part', {
  workingDays: [1, 2, 3],
  fte: null,
  weeklyCap: 2,
  avoidDays: [3],
});

function renderStaff() {
  return renderWithProviders(
    <AccessContext value={accessFor('admin')}>
      <StaffManagement />
    </AccessContext>,
    '/staff',
  );
}

function group(dialog: HTMLElement, name: 'Working days' | 'Days to avoid'): HTMLElement {
  return within(dialog).getByRole('group', { name });
}

function offered(dialog: HTMLElement, name: 'Working days' | 'Days to avoid'): string[] {
  return within(group(dialog, name))
    .getAllByRole('checkbox')
    .map((box) => box.closest('label')?.textContent ?? '');
}

function ticked(dialog: HTMLElement, name: 'Working days' | 'Days to avoid'): string[] {
  return within(group(dialog, name))
    .getAllByRole('checkbox')
    .filter((box) => (box as HTMLInputElement).checked)
    .map((box) => box.closest('label')?.textContent ?? '');
}

async function toggle(
  user: UserEvent,
  dialog: HTMLElement,
  name: 'Working days' | 'Days to avoid',
  day: string,
) {
  await user.click(within(group(dialog, name)).getByRole('checkbox', { name: day }));
}

async function openAddDialog(user: UserEvent) {
  await user.click(await screen.findByRole('button', { name: 'Add Staff Member' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add Staff Member' });
  await fill(user, within(dialog).getByLabelText('Name'), 'Pat Part');
  await fill(user, within(dialog).getByLabelText('Email'), 'pat.part@hillside.example');
  return dialog;
}

describe('Working pattern in the staff dialogs', () => {
  let user: UserEvent;

  beforeEach(() => {
    user = setupUser();
  });

  it('starts a new person on every weekday, with empty FTE and cap and no days to avoid', async () => {
    stubFetch({ 'GET /api/staff': { body: [] } });
    renderStaff();
    const dialog = await openAddDialog(user);

    expect(offered(dialog, 'Working days')).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri']);
    expect(ticked(dialog, 'Working days')).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri']);
    // A group may not carry aria-required (axe aria-allowed-attr); the asterisk and message say it.
    expect(group(dialog, 'Working days')).not.toHaveAttribute('aria-required');
    expect(within(dialog).getByLabelText('FTE')).toHaveValue('');
    expect(within(dialog).getByText('Empty means working days ÷ 5 (1 now).')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Weekly cap')).toHaveValue('');
    expect(within(dialog).getByLabelText('Weekly cap')).toHaveAttribute(
      'placeholder',
      'Organisation default',
    );
    expect(ticked(dialog, 'Days to avoid')).toEqual([]);
  });

  it('offers as days to avoid only the working days ticked, and sends the whole pattern', async () => {
    const fetchMock = stubFetch({
      'GET /api/staff': { body: [] },
      'POST /api/staff': { status: 201, body: partTimer },
    });
    renderStaff();
    const dialog = await openAddDialog(user);

    await toggle(user, dialog, 'Working days', 'Thu');
    await toggle(user, dialog, 'Working days', 'Fri');
    await waitFor(() => expect(offered(dialog, 'Days to avoid')).toEqual(['Mon', 'Tue', 'Wed']));
    expect(within(dialog).getByText('Empty means working days ÷ 5 (0.6 now).')).toBeInTheDocument();

    await fill(user, within(dialog).getByLabelText('FTE'), '0.5');
    await fill(user, within(dialog).getByLabelText('Weekly cap'), '2');
    await toggle(user, dialog, 'Days to avoid', 'Wed');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Staff member added successfully')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST /api/staff')).toEqual([
      expect.objectContaining({
        name: 'Pat Part',
        workingDays: [1, 2, 3],
        fte: 0.5,
        weeklyCap: 2,
        avoidDays: [3],
      }),
    ]);
  });

  it('drops a day to avoid when it stops being a working day', async () => {
    const fetchMock = stubFetch({
      'GET /api/staff': { body: [] },
      'POST /api/staff': { status: 201, body: partTimer },
    });
    renderStaff();
    const dialog = await openAddDialog(user);

    await toggle(user, dialog, 'Days to avoid', 'Fri');
    await toggle(user, dialog, 'Working days', 'Fri');
    await waitFor(() =>
      expect(offered(dialog, 'Days to avoid')).toEqual(['Mon', 'Tue', 'Wed', 'Thu']),
    );
    expect(ticked(dialog, 'Days to avoid')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(sentBodies(fetchMock, 'POST /api/staff')).toEqual([
        expect.objectContaining({ workingDays: [1, 2, 3, 4], avoidDays: [], fte: null }),
      ]),
    );
  });

  it('asks for a working day, and refuses every working day as a day to avoid, before sending', async () => {
    const fetchMock = stubFetch({ 'GET /api/staff': { body: [] } });
    renderStaff();
    const dialog = await openAddDialog(user);

    for (const day of ['Mon', 'Tue', 'Wed', 'Thu', 'Fri']) {
      await toggle(user, dialog, 'Working days', day);
    }
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Choose at least one working day')).toBeInTheDocument();

    await toggle(user, dialog, 'Working days', 'Mon');
    await toggle(user, dialog, 'Working days', 'Tue');
    await waitFor(() => expect(offered(dialog, 'Days to avoid')).toEqual(['Mon', 'Tue']));
    await toggle(user, dialog, 'Days to avoid', 'Mon');
    await toggle(user, dialog, 'Days to avoid', 'Tue');
    await waitFor(() => expect(ticked(dialog, 'Days to avoid')).toEqual(['Mon', 'Tue']));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText("Days to avoid can't be every day they work"),
    ).toBeInTheDocument();
    expect(callCount(fetchMock, 'POST /api/staff')).toBe(0);
  });

  it('refuses an FTE with more than two decimals', async () => {
    const fetchMock = stubFetch({ 'GET /api/staff': { body: [] } });
    renderStaff();
    const dialog = await openAddDialog(user);

    await fill(user, within(dialog).getByLabelText('FTE'), '0.333');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(
      await within(dialog).findByText('FTE must be from 0.05 to 1, with at most two decimals'),
    ).toBeInTheDocument();
    expect(callCount(fetchMock, 'POST /api/staff')).toBe(0);
  });

  it('refuses an FTE of 2.5 and a weekly cap of -1 or 2.5 with their rules instead of changing them to the nearest allowed value', async () => {
    // Issue 39: 2.5 was saved as 1 and -1 as "max 1 a week", with "Staff member updated successfully".
    const fetchMock = stubFetch({ 'GET /api/staff': { body: [bob] } });
    renderStaff();
    await user.click(await screen.findByRole('button', { name: 'Edit Bob Stone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Staff Member' });
    const fte = within(dialog).getByLabelText('FTE');
    const cap = within(dialog).getByLabelText('Weekly cap');

    await fill(user, fte, '2.5');
    await fill(user, cap, '-1');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(
      await within(dialog).findByText('FTE must be from 0.05 to 1, with at most two decimals'),
    ).toBeInTheDocument();
    expect(
      await within(dialog).findByText(
        "Weekly cap must be a whole number from 1 to 5, or empty for the organisation's default",
      ),
    ).toBeInTheDocument();
    // What was typed stays, for the admin to correct (antd writes two decimals for a step of 0.05).
    expect(fte).toHaveValue('2.50');
    expect(cap).toHaveValue('-1');
    await fill(user, cap, '2.5');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(cap).toHaveValue('2.5'));
    expect(callCount(fetchMock, 'PUT /api/staff/s-2')).toBe(0);
  });

  it('moves an FTE that followed the working days with them, and says what her share becomes', async () => {
    // Issue 39: Mon/Wed/Fri at 0.6 moved to Mon/Tue kept 0.6, 1.5× a full-timer per day she works.
    const mira = staffMember('s-5', 'Mira Three', { workingDays: [1, 3, 5], fte: 0.6 });
    const fetchMock = stubFetch({
      'GET /api/staff': { body: [mira] },
      'PUT /api/staff/s-5': { body: { ...mira, workingDays: [1, 2], fte: 0.4, rotaChange: null } },
    });
    renderStaff();
    await user.click(await screen.findByRole('button', { name: 'Edit Mira Three' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Staff Member' });
    expect(
      within(dialog).getByText('Fair share: 0.6 of a full-timer’s duties (3 days ÷ 5).'),
    ).toBeInTheDocument();

    await toggle(user, dialog, 'Working days', 'Wed');
    await toggle(user, dialog, 'Working days', 'Fri');
    await toggle(user, dialog, 'Working days', 'Tue');

    await waitFor(() => expect(within(dialog).getByLabelText('FTE')).toHaveValue('0.40'));
    expect(
      within(dialog).getByText(
        'Changed from 0.6 to follow the working days. Fair share: 0.4 of a full-timer’s duties (2 days ÷ 5).',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Staff member updated successfully')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'PUT /api/staff/s-5')).toEqual([
      expect.objectContaining({ workingDays: [1, 2], fte: 0.4 }),
    ]);
  });

  it('keeps an FTE set apart from the working days, says what each day then counts, and offers the days ÷ 5', async () => {
    const pia = staffMember('s-6', 'Pia Apart', { workingDays: [1, 2, 3], fte: 0.5 });
    const fetchMock = stubFetch({
      'GET /api/staff': { body: [pia] },
      'PUT /api/staff/s-6': { body: { ...pia, workingDays: [1, 2], fte: 0.4, rotaChange: null } },
    });
    renderStaff();
    await user.click(await screen.findByRole('button', { name: 'Edit Pia Apart' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Staff Member' });

    await toggle(user, dialog, 'Working days', 'Wed');
    expect(within(dialog).getByLabelText('FTE')).toHaveValue('0.50');
    expect(
      await within(dialog).findByText(
        'Fair share: 0.5 of a full-timer’s duties over 2 days, so each day they work counts 1.25 of a full-timer’s. 2 days ÷ 5 is 0.4.',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Use 0.4' }));
    await waitFor(() => expect(within(dialog).getByLabelText('FTE')).toHaveValue('0.40'));
    expect(within(dialog).queryByRole('button', { name: 'Use 0.4' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(sentBodies(fetchMock, 'PUT /api/staff/s-6')).toEqual([
        expect.objectContaining({ workingDays: [1, 2], fte: 0.4 }),
      ]),
    );
  });

  it('shows a part-timer’s pattern in the table and edits it, clearing the cap', async () => {
    const saved = { ...partTimer, weeklyCap: null, rotaChange: null };
    const fetchMock = stubFetch({
      'GET /api/staff': [{ body: [bob, partTimer] }, { body: [bob, saved] }],
      'PUT /api/staff/s-4': { body: saved },
    });
    renderStaff();

    const row = (await screen.findByRole('cell', { name: 'Pat Part' })).closest('tr');
    if (!row) throw new Error('no row for Pat Part');
    expect(within(row).getByText('Mon–Wed · 0.6 FTE · max 2 a week · avoids Wed')).toBeVisible();
    // A full-timer's pattern says nothing.
    const bobRow = screen.getByRole('cell', { name: 'Bob Stone' }).closest('tr');
    expect(bobRow).not.toHaveTextContent('FTE');

    await user.click(screen.getByRole('button', { name: 'Edit Pat Part' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Staff Member' });
    expect(ticked(dialog, 'Working days')).toEqual(['Mon', 'Tue', 'Wed']);
    expect(offered(dialog, 'Days to avoid')).toEqual(['Mon', 'Tue', 'Wed']);
    expect(ticked(dialog, 'Days to avoid')).toEqual(['Wed']);
    expect(within(dialog).getByLabelText('Weekly cap')).toHaveValue('2');

    await user.clear(within(dialog).getByLabelText('Weekly cap'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Staff member updated successfully')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'PUT /api/staff/s-4')).toEqual([
      expect.objectContaining({
        workingDays: [1, 2, 3],
        fte: null,
        weeklyCap: null,
        avoidDays: [3],
      }),
    ]);
    await waitFor(() =>
      expect(screen.getByRole('cell', { name: 'Pat Part' }).closest('tr')).toHaveTextContent(
        'Mon–Wed · 0.6 FTE · avoids Wed',
      ),
    );
  });

  it('says what fewer working days did to the rota, and shows the server’s refusal', async () => {
    const message =
      'Changing the working days of Bob Stone removed 2 duties on 12–19 Sep; 2 refilled.';
    stubFetch({
      'GET /api/staff': { body: [bob] },
      'PUT /api/staff/s-2': [
        {
          status: 400,
          body: {
            statusCode: 400,
            error: 'Bad Request',
            message: "Days to avoid must be days they work: they don't work on Fridays",
          },
        },
        {
          body: {
            ...bob,
            workingDays: [1, 2, 3, 4],
            rotaChange: { removedDuties: 2, refilledDuties: 2, dates: [], message },
          },
        },
      ],
    });
    renderStaff();

    await user.click(await screen.findByRole('button', { name: 'Edit Bob Stone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Staff Member' });
    await toggle(user, dialog, 'Working days', 'Fri');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    const alert = await screen.findByRole('alert');
    expect(
      within(alert).getByText("Days to avoid must be days they work: they don't work on Fridays"),
    ).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Edit Staff Member' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
  });
});
