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

import type { SystemSettingsDto } from '../api';

import { RotaRulesCard } from './rota-rules-card';

const GET = 'GET /api/system-settings';
const POST = 'POST /api/system-settings';

function settings(overrides: Partial<SystemSettingsDto> = {}): SystemSettingsDto {
  return {
    dutyManagersPerDay: 2,
    instructionsTitle: 'Duty Manager Instructions',
    instructionsContent: '',
    procedureFileUrl: null,
    procedureFileName: null,
    procedureFile: null,
    mixMode: 'when_fair',
    defaultWeeklyCap: null,
    weekAStart: null,
    keepFairness: true,
    frozenSchoolDays: 5,
    ...overrides,
  };
}

function saved(overrides: Partial<SystemSettingsDto> = {}) {
  return { ...settings(overrides), removedSlots: 0, rotaChange: null };
}

function card() {
  return screen.getByRole('region', { name: 'Rota rules' });
}

async function openAndEdit(user: UserEvent) {
  await user.click(within(card()).getByRole('button', { name: 'Show' }));
  await user.click(await within(card()).findByRole('button', { name: 'Edit' }));
}

describe('Rota rules card', () => {
  let user: UserEvent;

  beforeEach(() => {
    user = setupUser();
  });

  it('shows the saved rules in words', async () => {
    stubFetch({
      [GET]: {
        body: settings({ mixMode: 'never', defaultWeeklyCap: 2, weekAStart: '2025-09-08' }),
      },
    });
    renderWithProviders(<RotaRulesCard />);
    await user.click(within(card()).getByRole('button', { name: 'Show' }));

    expect(await within(card()).findByText("Don't pair")).toBeInTheDocument();
    expect(within(card()).getByText('2 duties a week')).toBeInTheDocument();
    expect(within(card()).getByText('8 September 2025')).toBeInTheDocument();
  });

  it('offers the three teaching-mix modes, each with what it costs, the saved one chosen', async () => {
    stubFetch({ [GET]: { body: settings() } });
    renderWithProviders(<RotaRulesCard />);
    await openAndEdit(user);

    const group = within(card()).getByRole('radiogroup', { name: 'Teaching mix' });
    const radios = within(group).getAllByRole('radio');
    expect(radios).toHaveLength(3);
    expect(within(group).getByRole('radio', { name: /^Always pair/ })).not.toBeChecked();
    expect(within(group).getByRole('radio', { name: /^Pair when it is fair/ })).toBeChecked();
    expect(within(group).getByRole('radio', { name: /^Don't pair/ })).not.toBeChecked();
    expect(
      within(group).getByText(
        'Every day is mixed, but the smaller group does more duties than its fair share.',
      ),
    ).toBeInTheDocument();
    expect(within(group).getByText(/within one duty of their fair share/)).toBeInTheDocument();
    expect(within(group).getByText(/all teaching or all non-teaching/)).toBeInTheDocument();
  });

  it('saves the mode, the cap and the Monday Week A starts on, and says so', async () => {
    const fetchMock = stubFetch({
      [GET]: [
        { body: settings() },
        { body: settings({ mixMode: 'always', defaultWeeklyCap: 3, weekAStart: '2025-09-08' }) },
      ],
      [POST]: { body: saved({ mixMode: 'always', defaultWeeklyCap: 3, weekAStart: '2025-09-08' }) },
    });
    renderWithProviders(<RotaRulesCard />);
    await openAndEdit(user);

    await user.click(within(card()).getByRole('radio', { name: /^Always pair/ }));
    await fill(user, within(card()).getByRole('spinbutton', { name: 'Default weekly cap' }), '3');
    const weekA = within(card()).getByRole('textbox', { name: 'Week A starts' });
    await user.click(weekA);
    await user.type(weekA, '8/9/2025{Enter}');
    await user.click(within(card()).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Settings Updated')).toBeInTheDocument();
    expect(screen.getByText('Rota rules saved')).toBeInTheDocument();
    expect(sentBodies(fetchMock, POST)).toEqual([
      { mixMode: 'always', defaultWeeklyCap: 3, weekAStart: '2025-09-08' },
    ]);
    expect(await within(card()).findByText('Always pair')).toBeInTheDocument();
  });

  it('sends no cap and no Week A when both are cleared', async () => {
    const fetchMock = stubFetch({
      [GET]: { body: settings({ defaultWeeklyCap: 2, weekAStart: '2025-09-08' }) },
      [POST]: { body: saved() },
    });
    renderWithProviders(<RotaRulesCard />);
    await openAndEdit(user);

    await fill(user, within(card()).getByRole('spinbutton', { name: 'Default weekly cap' }), '');
    const clear = card().querySelector<HTMLElement>('.ant-picker-clear');
    if (!clear) throw new Error('the Week A picker has no clear button');
    await user.click(clear);
    await user.click(within(card()).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Settings Updated')).toBeInTheDocument();
    expect(sentBodies(fetchMock, POST)).toEqual([
      { mixMode: 'when_fair', defaultWeeklyCap: null, weekAStart: null },
    ]);
  });

  it.each([['6'], ['0'], ['1.5']])(
    'refuses a cap of %s without asking the server',
    async (value) => {
      const fetchMock = stubFetch({ [GET]: { body: settings() } });
      renderWithProviders(<RotaRulesCard />);
      await openAndEdit(user);

      await fill(
        user,
        within(card()).getByRole('spinbutton', { name: 'Default weekly cap' }),
        value,
      );
      await user.click(within(card()).getByRole('button', { name: 'Save' }));

      const alert = await screen.findByRole('alert');
      expect(within(alert).getByText('Invalid setting')).toBeInTheDocument();
      expect(callCount(fetchMock, POST)).toBe(0);
    },
  );

  it('shows what a repair does after a change of facts, in words', async () => {
    stubFetch({ [GET]: { body: settings({ keepFairness: false, frozenSchoolDays: 1 }) } });
    renderWithProviders(<RotaRulesCard />);
    await user.click(within(card()).getByRole('button', { name: 'Show' }));

    expect(await within(card()).findByText('Only fill gaps')).toBeInTheDocument();
    expect(within(card()).getByText('The next 1 school day')).toBeInTheDocument();
  });

  it('offers keeping the rota fair or only filling gaps, the saved one chosen, and saves what changed', async () => {
    const fetchMock = stubFetch({
      [GET]: [
        { body: settings() },
        { body: settings({ keepFairness: false, frozenSchoolDays: 0 }) },
      ],
      [POST]: { body: saved({ keepFairness: false, frozenSchoolDays: 0 }) },
    });
    renderWithProviders(<RotaRulesCard />);
    await openAndEdit(user);

    const group = within(card()).getByRole('radiogroup', { name: 'After a change of facts' });
    expect(within(group).getAllByRole('radio')).toHaveLength(2);
    expect(
      within(group).getByRole('radio', { name: /^Keep the rota fair \(recommended\)/ }),
    ).toBeChecked();
    expect(within(group).getByRole('radio', { name: /^Only fill gaps/ })).not.toBeChecked();
    const frozen = within(card()).getByRole('spinbutton', { name: 'School days left alone' });
    expect(frozen).toHaveValue('5');

    await user.click(within(group).getByRole('radio', { name: /^Only fill gaps/ }));
    await fill(user, frozen, '0');
    await user.click(within(card()).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Settings Updated')).toBeInTheDocument();
    expect(sentBodies(fetchMock, POST)).toEqual([
      {
        mixMode: 'when_fair',
        defaultWeeklyCap: null,
        weekAStart: null,
        keepFairness: false,
        frozenSchoolDays: 0,
      },
    ]);
    expect(await within(card()).findByText('None')).toBeInTheDocument();
  });

  it.each([['21'], ['-1'], ['2.5'], ['']])(
    'refuses %s school days left alone without asking the server',
    async (value) => {
      const fetchMock = stubFetch({ [GET]: { body: settings() } });
      renderWithProviders(<RotaRulesCard />);
      await openAndEdit(user);

      await fill(
        user,
        within(card()).getByRole('spinbutton', { name: 'School days left alone' }),
        value,
      );
      await user.click(within(card()).getByRole('button', { name: 'Save' }));

      const alert = await screen.findByRole('alert');
      expect(
        within(alert).getByText('School days left alone must be a whole number from 0 to 20'),
      ).toBeInTheDocument();
      expect(callCount(fetchMock, POST)).toBe(0);
    },
  );

  it("shows the server's message when saving fails, and stays in the form", async () => {
    stubFetch({
      [GET]: { body: settings() },
      [POST]: {
        status: 400,
        body: { statusCode: 400, error: 'Bad Request', message: 'Week A must start on a Monday' },
      },
    });
    renderWithProviders(<RotaRulesCard />);
    await openAndEdit(user);

    await user.click(within(card()).getByRole('radio', { name: /^Don't pair/ }));
    await user.click(within(card()).getByRole('button', { name: 'Save' }));

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Week A must start on a Monday')).toBeInTheDocument();
    expect(within(card()).getByRole('radio', { name: /^Don't pair/ })).toBeChecked();
  });
});
