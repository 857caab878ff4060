import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import {
  callCount,
  fill,
  renderWithProviders,
  sentBodies,
  setupUser,
  stubFetch,
} from '@/testing/test-utils';

import { DutyManagerSettingsCard } from './duty-manager-settings-card';

const GET = 'GET /api/system-settings';
const POST = 'POST /api/system-settings';

function card() {
  return screen.getByRole('region', { name: 'Duty Manager Settings' });
}

/** Opens the card and waits for the saved value. */
async function openCard(user: UserEvent, perDay = 2) {
  await user.click(within(card()).getByRole('button', { name: 'Show' }));
  expect(await within(card()).findByText(`Duty managers per day: ${perDay}`)).toBeInTheDocument();
}

async function edit(user: UserEvent): Promise<HTMLElement> {
  await user.click(within(card()).getByRole('button', { name: 'Edit' }));
  return within(card()).getByRole('spinbutton', { name: 'Duty managers per day' });
}

describe('Duty Manager Settings card', () => {
  let user: UserEvent;

  beforeEach(() => {
    user = setupUser();
  });

  it('reads the settings only once opened, then shows them, and hides them again', async () => {
    const fetchMock = stubFetch({ [GET]: { body: { dutyManagersPerDay: 2 } } });
    renderWithProviders(<DutyManagerSettingsCard />);

    const show = within(card()).getByRole('button', { name: 'Show' });
    expect(show).toHaveAttribute('aria-expanded', 'false');
    expect(callCount(fetchMock, GET)).toBe(0);

    await openCard(user);
    expect(callCount(fetchMock, GET)).toBe(1);
    const hide = within(card()).getByRole('button', { name: 'Hide' });
    expect(hide).toHaveAttribute('aria-expanded', 'true');

    await user.click(hide);
    expect(within(card()).queryByText('Duty managers per day: 2')).not.toBeInTheDocument();
    expect(within(card()).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it('toggles between view and edit, and Cancel restores the saved value', async () => {
    const fetchMock = stubFetch({ [GET]: { body: { dutyManagersPerDay: 2 } } });
    renderWithProviders(<DutyManagerSettingsCard />);
    await openCard(user);

    const input = await edit(user);
    expect(input).toHaveValue('2');
    expect(input).toHaveAttribute('aria-valuemin', '1');
    expect(input).toHaveAttribute('aria-valuemax', '5');
    expect(within(card()).queryByText('Duty managers per day: 2')).not.toBeInTheDocument();

    await fill(user, input, '4');
    await user.click(within(card()).getByRole('button', { name: 'Cancel' }));

    expect(within(card()).getByText('Duty managers per day: 2')).toBeInTheDocument();
    expect(within(card()).queryByRole('spinbutton')).not.toBeInTheDocument();
    expect(await edit(user)).toHaveValue('2');
    expect(callCount(fetchMock, POST)).toBe(0);
  });

  it('saves the new number, says so and shows it', async () => {
    const fetchMock = stubFetch({
      [GET]: [{ body: { dutyManagersPerDay: 2 } }, { body: { dutyManagersPerDay: 3 } }],
      [POST]: { body: { dutyManagersPerDay: 3, removedSlots: 0 } },
    });
    renderWithProviders(<DutyManagerSettingsCard />);
    await openCard(user);

    await fill(user, await edit(user), '3');
    await user.click(within(card()).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Settings Updated')).toBeInTheDocument();
    expect(screen.getByText('Duty managers per day set to 3')).toBeInTheDocument();
    expect(sentBodies(fetchMock, POST)).toEqual([{ dutyManagersPerDay: 3 }]);
    expect(await within(card()).findByText('Duty managers per day: 3')).toBeInTheDocument();
    expect(within(card()).queryByRole('spinbutton')).not.toBeInTheDocument();
  });

  it('says, in the one toast, what the server did to the rota when it took people off it', async () => {
    const message =
      'Setting duty managers per day to 1 removed 12 duties on 9–24 Sep; 0 refilled (fewer duty managers per day).';
    const fetchMock = stubFetch({
      [GET]: [{ body: { dutyManagersPerDay: 2 } }, { body: { dutyManagersPerDay: 1 } }],
      [POST]: {
        body: {
          dutyManagersPerDay: 1,
          removedSlots: 12,
          rotaChange: { removedDuties: 12, refilledDuties: 0, dates: ['2025-09-09'], message },
        },
      },
    });
    renderWithProviders(<DutyManagerSettingsCard />);
    await openCard(user);

    await fill(user, await edit(user), '1');
    await user.click(within(card()).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getAllByRole('status')).toHaveLength(1);
    expect(screen.queryByText('Duty managers per day set to 1')).not.toBeInTheDocument();
    expect(sentBodies(fetchMock, POST)).toEqual([{ dutyManagersPerDay: 1 }]);
  });

  it('sends 1 when the field is left empty', async () => {
    const fetchMock = stubFetch({
      [GET]: { body: { dutyManagersPerDay: 2 } },
      [POST]: { body: { dutyManagersPerDay: 1, removedSlots: 0 } },
    });
    renderWithProviders(<DutyManagerSettingsCard />);
    await openCard(user);

    await fill(user, await edit(user), '');
    await user.click(within(card()).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Duty managers per day set to 1')).toBeInTheDocument();
    expect(sentBodies(fetchMock, POST)).toEqual([{ dutyManagersPerDay: 1 }]);
  });

  it.each([['6'], ['0'], ['2.5']])(
    'refuses %s as an invalid setting without asking the server',
    async (value) => {
      const fetchMock = stubFetch({ [GET]: { body: { dutyManagersPerDay: 2 } } });
      renderWithProviders(<DutyManagerSettingsCard />);
      await openCard(user);

      const input = await edit(user);
      await fill(user, input, value);
      await user.click(within(card()).getByRole('button', { name: 'Save' }));

      const alert = await screen.findByRole('alert');
      expect(within(alert).getByText('Invalid setting')).toBeInTheDocument();
      expect(
        within(alert).getByText('Duty managers per day must be between 1 and 5'),
      ).toBeInTheDocument();
      expect(callCount(fetchMock, POST)).toBe(0);
      // Still editing, with what was typed, so it can be corrected.
      expect(input).toHaveValue(value);
    },
  );

  it("shows the server's message when saving fails", async () => {
    stubFetch({
      [GET]: { body: { dutyManagersPerDay: 2 } },
      [POST]: {
        status: 403,
        body: {
          statusCode: 403,
          error: 'Forbidden',
          message: "You don't have permission to change system settings",
        },
      },
    });
    renderWithProviders(<DutyManagerSettingsCard />);
    await openCard(user);

    await fill(user, await edit(user), '3');
    await user.click(within(card()).getByRole('button', { name: 'Save' }));

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Error')).toBeInTheDocument();
    expect(
      within(alert).getByText("You don't have permission to change system settings"),
    ).toBeInTheDocument();
    expect(within(card()).getByRole('spinbutton')).toHaveValue('3');
  });

  it('falls back to a fixed message when the server gives none', async () => {
    stubFetch({
      [GET]: { body: { dutyManagersPerDay: 2 } },
      [POST]: { status: 500, body: 'Internal Server Error' },
    });
    renderWithProviders(<DutyManagerSettingsCard />);
    await openCard(user);

    await fill(user, await edit(user), '3');
    await user.click(within(card()).getByRole('button', { name: 'Save' }));

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Error')).toBeInTheDocument();
    expect(within(alert).getByText('Failed to update Duty Manager settings')).toBeInTheDocument();
  });

  it('says when the settings cannot be read, and tries again on request', async () => {
    const fetchMock = stubFetch({
      [GET]: [{ networkError: true }, { body: { dutyManagersPerDay: 4 } }],
    });
    renderWithProviders(<DutyManagerSettingsCard />);

    await user.click(within(card()).getByRole('button', { name: 'Show' }));

    expect(
      await within(card()).findByText('Failed to load Duty Manager settings'),
    ).toBeInTheDocument();
    expect(within(card()).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();

    await user.click(within(card()).getByRole('button', { name: 'Try again' }));

    expect(await within(card()).findByText('Duty managers per day: 4')).toBeInTheDocument();
    expect(callCount(fetchMock, GET)).toBe(2);
  });
});
