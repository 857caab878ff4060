import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import {
  callCount,
  renderWithProviders,
  sentBodies,
  setupUser,
  stubFetch,
} from '@/testing/test-utils';

import type { EmailReminderSettingsResultDto } from '../api';
import { EmailReminderSettingsCard, ENABLED_HELP } from './email-reminder-settings-card';

const GET = 'GET /api/email-reminder-settings';
const POST = 'POST /api/email-reminder-settings';

/** On at 08:30, a day ahead, in London: the next ones go out on Monday 8 September 2025. */
function reminderSettings(
  overrides: Partial<EmailReminderSettingsResultDto> = {},
): EmailReminderSettingsResultDto {
  return {
    enabled: true,
    time: '08:30',
    hoursAdvance: 24,
    timeZone: 'Europe/London',
    // 07:30 UTC is 08:30 in London (British Summer Time).
    nextReminder: { dutyDate: '2025-09-09', sendAt: '2025-09-08T07:30:00.000Z' },
    ...overrides,
  };
}

function card() {
  return screen.getByRole('region', { name: 'Email Reminder Settings' });
}

/** The view mode's rows, e.g. "RemindersOn". */
async function savedRows(): Promise<(string | null)[]> {
  const list = await within(card()).findByRole('list', { name: 'Saved email reminder settings' });
  return within(list)
    .getAllByRole('listitem')
    .map((row) => row.textContent);
}

async function edit(user: UserEvent) {
  await user.click(await within(card()).findByRole('button', { name: 'Edit' }));
}

function enabledSwitch(): HTMLElement {
  return within(card()).getByRole('switch', { name: 'Send email reminders' });
}

function timeField(): HTMLElement {
  return within(card()).getByLabelText('Reminder time');
}

function hoursField(): HTMLElement {
  return within(card()).getByRole('combobox', { name: 'Hours in advance' });
}

/** The text the hours select shows as chosen. */
function chosenHours(): string | null {
  return (
    hoursField().closest('.ant-select')?.querySelector('.ant-select-content')?.textContent ?? null
  );
}

async function typeTime(user: UserEvent, text: string) {
  await user.click(timeField());
  await user.clear(timeField());
  await user.type(timeField(), `${text}{Enter}`);
}

async function chooseHours(user: UserEvent, label: string) {
  await user.click(hoursField());
  await user.click(await screen.findByTitle(label));
}

describe('Email Reminder Settings card', () => {
  let user: UserEvent;

  beforeEach(() => {
    user = setupUser();
  });

  it('loads the settings and shows them, with the next reminders in the organisation’s zone', async () => {
    const fetchMock = stubFetch({ [GET]: { body: reminderSettings() } });
    renderWithProviders(<EmailReminderSettingsCard />);

    const loading = within(card()).getByRole('status', { name: 'Loading email reminder settings' });
    expect(loading).toHaveTextContent('Loading email reminder settings…');

    expect(await savedRows()).toEqual([
      'RemindersOn',
      'Reminder time08:30',
      'Hours in advance24 hours',
    ]);
    expect(
      within(card()).getByText(
        'Next reminders: Monday 8 September 2025 at 08:30, for duties on Tuesday 9 September 2025',
      ),
    ).toBeInTheDocument();
    expect(
      within(card()).getByText(
        /a reminder that would fall on a Saturday or Sunday goes out on the Friday before/,
      ),
    ).toBeInTheDocument();
    expect(within(card()).queryByRole('status')).not.toBeInTheDocument();
    expect(within(card()).queryByRole('switch')).not.toBeInTheDocument();
    expect(callCount(fetchMock, GET)).toBe(1);
  });

  it('reads "1 hour" and "Off", and has no next reminders while they are off', async () => {
    stubFetch({
      [GET]: {
        body: reminderSettings({
          enabled: false,
          time: '16:05',
          hoursAdvance: 1,
          nextReminder: null,
        }),
      },
    });
    renderWithProviders(<EmailReminderSettingsCard />);

    expect(await savedRows()).toEqual([
      'RemindersOff',
      'Reminder time16:05',
      'Hours in advance1 hour',
    ]);
    expect(within(card()).queryByText(/Next reminders/)).not.toBeInTheDocument();
  });

  it('edits with a switch, a time and the hours; Cancel restores the saved values', async () => {
    const fetchMock = stubFetch({ [GET]: { body: reminderSettings() } });
    renderWithProviders(<EmailReminderSettingsCard />);
    await edit(user);

    expect(enabledSwitch()).toBeChecked();
    expect(timeField()).toHaveValue('08:30');
    expect(chosenHours()).toBe('24 hours');
    expect(within(card()).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();

    await user.click(enabledSwitch());
    await typeTime(user, '07:45');
    await chooseHours(user, '2 hours');
    expect(enabledSwitch()).not.toBeChecked();
    expect(timeField()).toHaveValue('07:45');
    expect(chosenHours()).toBe('2 hours');

    await user.click(within(card()).getByRole('button', { name: 'Cancel' }));

    expect(await savedRows()).toEqual([
      'RemindersOn',
      'Reminder time08:30',
      'Hours in advance24 hours',
    ]);
    await edit(user);
    expect(enabledSwitch()).toBeChecked();
    expect(timeField()).toHaveValue('08:30');
    expect(chosenHours()).toBe('24 hours');
    expect(callCount(fetchMock, POST)).toBe(0);
  });

  it('offers the hours the server accepts', async () => {
    stubFetch({ [GET]: { body: reminderSettings() } });
    renderWithProviders(<EmailReminderSettingsCard />);
    await edit(user);

    await user.click(hoursField());
    await screen.findByTitle('1 hour');
    const options = Array.from(document.querySelectorAll('.ant-select-item-option')).map(
      (option) => option.textContent,
    );
    expect(options).toEqual([
      '1 hour',
      '2 hours',
      '4 hours',
      '8 hours',
      '12 hours',
      '24 hours',
      '48 hours',
    ]);
  });

  it('saves the exact settings, says so and goes back to the view', async () => {
    const saved = reminderSettings({
      time: '07:45',
      hoursAdvance: 12,
      nextReminder: { dutyDate: '2025-09-09', sendAt: '2025-09-08T18:45:00.000Z' },
    });
    const fetchMock = stubFetch({
      [GET]: [{ body: reminderSettings() }, { body: saved }],
      [POST]: { body: saved },
    });
    renderWithProviders(<EmailReminderSettingsCard />);
    await edit(user);

    await typeTime(user, '07:45');
    await chooseHours(user, '12 hours');
    await user.click(within(card()).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Settings updated')).toBeInTheDocument();
    expect(
      screen.getByText('Email reminders are on: 07:45, 12 hours before each duty.'),
    ).toBeInTheDocument();
    expect(sentBodies(fetchMock, POST)).toEqual([
      { enabled: true, time: '07:45', hoursAdvance: 12 },
    ]);
    expect(await savedRows()).toEqual([
      'RemindersOn',
      'Reminder time07:45',
      'Hours in advance12 hours',
    ]);
    expect(
      within(card()).getByText(
        'Next reminders: Monday 8 September 2025 at 19:45, for duties on Tuesday 9 September 2025',
      ),
    ).toBeInTheDocument();
    expect(within(card()).queryByRole('switch')).not.toBeInTheDocument();
  });

  it("the switch's help says what its current position does", async () => {
    stubFetch({ [GET]: { body: reminderSettings() } });
    renderWithProviders(<EmailReminderSettingsCard />);
    await edit(user);

    expect(enabledSwitch()).toBeChecked();
    expect(within(card()).getByText(ENABLED_HELP.on)).toBeInTheDocument();
    expect(within(card()).queryByText(ENABLED_HELP.off)).not.toBeInTheDocument();

    await user.click(enabledSwitch());

    expect(enabledSwitch()).not.toBeChecked();
    expect(within(card()).getByText(ENABLED_HELP.off)).toBeInTheDocument();
    expect(within(card()).queryByText(ENABLED_HELP.on)).not.toBeInTheDocument();
  });

  it('turns the reminders off', async () => {
    const saved = reminderSettings({ enabled: false, nextReminder: null });
    const fetchMock = stubFetch({
      [GET]: [{ body: reminderSettings() }, { body: saved }],
      [POST]: { body: saved },
    });
    renderWithProviders(<EmailReminderSettingsCard />);
    await edit(user);

    await user.click(enabledSwitch());
    await user.click(within(card()).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Email reminders are off.')).toBeInTheDocument();
    expect(sentBodies(fetchMock, POST)).toEqual([
      { enabled: false, time: '08:30', hoursAdvance: 24 },
    ]);
    expect(await savedRows()).toEqual([
      'RemindersOff',
      'Reminder time08:30',
      'Hours in advance24 hours',
    ]);
    expect(within(card()).queryByText(/Next reminders/)).not.toBeInTheDocument();
  });

  it('shows the server’s message when saving fails, and stays in the edit mode', async () => {
    stubFetch({
      [GET]: { body: reminderSettings() },
      [POST]: {
        status: 400,
        body: {
          statusCode: 400,
          error: 'Bad Request',
          message: 'The reminder time must be written as HH:mm, such as 08:30',
        },
      },
    });
    renderWithProviders(<EmailReminderSettingsCard />);
    await edit(user);

    await typeTime(user, '06:00');
    await user.click(within(card()).getByRole('button', { name: 'Save' }));

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Update failed')).toBeInTheDocument();
    expect(
      within(alert).getByText('The reminder time must be written as HH:mm, such as 08:30'),
    ).toBeInTheDocument();
    expect(timeField()).toHaveValue('06:00');
    expect(within(card()).getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('falls back to a fixed message when the server gives none', async () => {
    stubFetch({
      [GET]: { body: reminderSettings() },
      [POST]: { status: 500, body: 'Internal Server Error' },
    });
    renderWithProviders(<EmailReminderSettingsCard />);
    await edit(user);

    await user.click(within(card()).getByRole('button', { name: 'Save' }));

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Update failed')).toBeInTheDocument();
    expect(within(alert).getByText('Failed to update email reminder settings')).toBeInTheDocument();
  });

  it('says when the settings cannot be loaded, and tries again on request', async () => {
    const fetchMock = stubFetch({
      [GET]: [
        {
          status: 500,
          body: { statusCode: 500, error: 'Internal Server Error', message: 'Database down' },
        },
        { body: reminderSettings() },
      ],
    });
    renderWithProviders(<EmailReminderSettingsCard />);

    const alert = await within(card()).findByRole('alert');
    expect(within(alert).getByText('Failed to load email reminder settings')).toBeInTheDocument();
    expect(within(alert).getByText('Database down')).toBeInTheDocument();
    expect(within(card()).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();

    await user.click(within(alert).getByRole('button', { name: 'Retry' }));

    expect(await savedRows()).toEqual([
      'RemindersOn',
      'Reminder time08:30',
      'Hours in advance24 hours',
    ]);
    await waitFor(() => expect(callCount(fetchMock, GET)).toBe(2));
  });
});

describe('Email Reminder Settings card, reminder before a timed duty', () => {
  let user: UserEvent;
  const DUTIES = 'GET /api/duties';
  const dutyManager = { id: 'dm', name: 'Duty Manager', isDutyManager: true, startTime: null };
  const lunch = { id: 'lunch', name: 'Lunch', isDutyManager: false, startTime: '12:30' };

  beforeEach(() => {
    user = setupUser();
  });

  function minutesField(): HTMLElement {
    return within(card()).getByRole('combobox', { name: 'Reminder before a timed duty' });
  }

  it('is offered where the school runs more than the Duty Manager duty, and saved with the rest', async () => {
    const saved = reminderSettings({ minutesBefore: 15 });
    const fetchMock = stubFetch({
      [DUTIES]: { body: [dutyManager, lunch] },
      [GET]: [{ body: reminderSettings() }, { body: saved }],
      [POST]: { body: saved },
    });
    renderWithProviders(<EmailReminderSettingsCard />);

    await waitFor(async () =>
      expect(await savedRows()).toEqual([
        'RemindersOn',
        'Reminder time08:30',
        'Hours in advance24 hours',
        'Reminder before a timed dutyNone',
      ]),
    );
    await edit(user);
    await user.click(minutesField());
    await user.click(await screen.findByTitle('15 minutes before'));
    await user.click(within(card()).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Settings updated')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Email reminders are on: 08:30, 24 hours before each duty, and 15 minutes before each timed duty starts.',
      ),
    ).toBeInTheDocument();
    expect(sentBodies(fetchMock, POST)).toEqual([
      { enabled: true, time: '08:30', hoursAdvance: 24, minutesBefore: 15 },
    ]);
    expect(await savedRows()).toContain('Reminder before a timed duty15 minutes before');
  });

  it('turns it off again with None', async () => {
    const saved = reminderSettings();
    const fetchMock = stubFetch({
      [DUTIES]: { body: [dutyManager, lunch] },
      [GET]: [{ body: reminderSettings({ minutesBefore: 60 }) }, { body: saved }],
      [POST]: { body: saved },
    });
    renderWithProviders(<EmailReminderSettingsCard />);

    expect(await savedRows()).toContain('Reminder before a timed duty1 hour before');
    await edit(user);
    await user.click(minutesField());
    await user.click(await screen.findByTitle('None'));
    await user.click(within(card()).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Settings updated')).toBeInTheDocument();
    expect(sentBodies(fetchMock, POST)).toEqual([
      { enabled: true, time: '08:30', hoursAdvance: 24, minutesBefore: null },
    ]);
  });

  it('is not offered, nor sent, where the school runs the Duty Manager duty alone', async () => {
    const fetchMock = stubFetch({
      [DUTIES]: { body: [dutyManager] },
      [GET]: { body: reminderSettings() },
      [POST]: { body: reminderSettings() },
    });
    renderWithProviders(<EmailReminderSettingsCard />);

    await waitFor(() => expect(callCount(fetchMock, DUTIES)).toBe(1));
    expect(await savedRows()).toEqual([
      'RemindersOn',
      'Reminder time08:30',
      'Hours in advance24 hours',
    ]);
    await edit(user);
    expect(
      within(card()).queryByRole('combobox', { name: 'Reminder before a timed duty' }),
    ).not.toBeInTheDocument();
    await user.click(within(card()).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callCount(fetchMock, POST)).toBe(1));
    expect(sentBodies(fetchMock, POST)).toEqual([
      { enabled: true, time: '08:30', hoursAdvance: 24 },
    ]);
  });
});
