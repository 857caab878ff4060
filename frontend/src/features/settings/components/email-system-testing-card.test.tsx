import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import {
  callCount,
  renderWithProviders,
  sentBodies,
  setupUser,
  stubFetch,
} from '@/testing/test-utils';

import type { EmailDeliveriesDto, EmailDeliveryDto, TestRemindersResultDto } from '../api';
import { EmailSystemTestingCard } from './email-system-testing-card';

const RUN_NOW = 'POST /api/test-email-reminders';
const RUN_FOR_DATE = 'POST /api/test-email-reminders-date';
const DELIVERIES = 'GET /api/email-deliveries';

/** Local wall-clock instants, so the expected texts hold in any time zone. */
function localInstant(day: number, hour: number, minute: number, second = 0): string {
  return new Date(2025, 8, day, hour, minute, second).toISOString();
}

function testResult(overrides: Partial<TestRemindersResultDto> = {}): TestRemindersResultDto {
  return {
    message: 'Sent 2 reminders for Monday 15 September 2025.',
    testMode: false,
    dates: ['2025-09-15'],
    onDuty: 2,
    queued: 2,
    alreadyReminded: 0,
    ranAt: localInstant(12, 9, 0, 5),
    ...overrides,
  };
}

function email(overrides: Partial<EmailDeliveryDto> = {}): EmailDeliveryDto {
  return {
    id: '1',
    kind: 'duty-reminder',
    to: 'ann.lee@hillside.example',
    subject: 'Duty reminder: Monday 15 September 2025',
    status: 'sent',
    attempts: 1,
    createdAt: localInstant(12, 9, 0),
    sentAt: localInstant(12, 9, 0),
    lastError: null,
    text: '',
    ...overrides,
  };
}

function deliveries(overrides: Partial<EmailDeliveriesDto> = {}): EmailDeliveriesDto {
  return { testMode: false, emails: [], ...overrides };
}

const SERVER_ERROR = (status: number, message: string) => ({
  status,
  body: { statusCode: status, error: 'Error', message },
});

function card() {
  return screen.getByRole('region', { name: 'Email System Testing' });
}

function recentEmails() {
  return within(card()).getByRole('region', { name: 'Recent emails' });
}

function button(name: string): HTMLElement {
  return within(card()).getByRole('button', { name });
}

function dateField(): HTMLElement {
  return within(card()).getByLabelText('Duty date');
}

/** Each test result's text, newest first. */
async function resultTexts(): Promise<(string | null)[]> {
  const list = await within(card()).findByRole('list', { name: 'Test results' });
  return within(list)
    .getAllByRole('status')
    .map((result) => result.textContent);
}

/** Each recent email's row text: subject, recipient and time, then the status tag. */
async function emailRows(): Promise<(string | null)[]> {
  const list = await within(recentEmails()).findByRole('list', { name: 'Emails, newest first' });
  return within(list)
    .getAllByRole('listitem')
    .map((row) => row.textContent);
}

async function typeDate(user: UserEvent, field: HTMLElement, text: string) {
  await user.click(field);
  await user.clear(field);
  await user.type(field, `${text}{Enter}`);
}

describe('Email System Testing card', () => {
  let user: UserEvent;

  beforeEach(() => {
    // Only the clock is pinned, to Friday 12 September 2025, 09:30; antd keeps real timers.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2025, 8, 12, 9, 30, 0));
    user = setupUser();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs the reminder check now, shows the server’s message with the time, and refreshes the emails', async () => {
    const fetchMock = stubFetch({
      [DELIVERIES]: [
        { body: deliveries() },
        { body: deliveries({ emails: [email({ status: 'pending', attempts: 0, sentAt: null })] }) },
      ],
      [RUN_NOW]: { body: testResult() },
    });
    renderWithProviders(<EmailSystemTestingCard />);
    expect(
      within(card()).getByText(/Each person still gets each reminder once/),
    ).toBeInTheDocument();
    expect(await within(recentEmails()).findByText('No emails yet.')).toBeInTheDocument();
    expect(within(card()).queryByRole('list', { name: 'Test results' })).not.toBeInTheDocument();

    await user.click(button('Run reminder check now'));

    expect(await resultTexts()).toEqual([
      'Test SucceededSent 2 reminders for Monday 15 September 2025.Reminder check · 12 September 2025 at 09:00:05',
    ]);
    expect(callCount(fetchMock, RUN_NOW)).toBe(1);
    expect(await emailRows()).toEqual([
      'Duty reminder: Monday 15 September 2025To ann.lee@hillside.example · Fri 12 Sep 2025, 09:00Queued',
    ]);
    expect(callCount(fetchMock, DELIVERIES)).toBe(2);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it.each([
    ['Friday', 12, '2025-09-15', 'Monday 15 September 2025', '15 Sep 2025'],
    ['Saturday', 13, '2025-09-15', 'Monday 15 September 2025', '15 Sep 2025'],
    ['Sunday', 14, '2025-09-15', 'Monday 15 September 2025', '15 Sep 2025'],
    ['Wednesday', 10, '2025-09-11', 'Thursday 11 September 2025', '11 Sep 2025'],
  ])(
    'on a %s, the quick test sends the reminders for the next weekday',
    async (_weekday, day, iso, long, shown) => {
      vi.setSystemTime(new Date(2025, 8, day, 9, 30, 0));
      const fetchMock = stubFetch({
        [DELIVERIES]: { body: deliveries() },
        [RUN_FOR_DATE]: {
          body: testResult({ message: `Sent 2 reminders for ${long}.`, dates: [iso] }),
        },
      });
      renderWithProviders(<EmailSystemTestingCard />);

      const quick = button('Quick test: next weekday');
      expect(quick).toHaveAccessibleDescription(`Sends the reminders for ${long}.`);
      // The date field starts on the same day, written as the app writes dates elsewhere.
      expect(dateField()).toHaveValue(shown);

      await user.click(quick);

      expect(await resultTexts()).toEqual([
        `Test SucceededSent 2 reminders for ${long}.Reminders for ${long} · 12 September 2025 at 09:00:05`,
      ]);
      expect(sentBodies(fetchMock, RUN_FOR_DATE)).toEqual([{ date: iso }]);
      expect(callCount(fetchMock, RUN_NOW)).toBe(0);
    },
  );

  it('sends the reminders for a typed duty date', async () => {
    const fetchMock = stubFetch({
      [DELIVERIES]: { body: deliveries() },
      [RUN_FOR_DATE]: {
        body: testResult({
          message:
            'Nobody is on duty on Wednesday 17 September 2025, so there was no one to remind.',
          dates: ['2025-09-17'],
          onDuty: 0,
          queued: 0,
        }),
      },
    });
    renderWithProviders(<EmailSystemTestingCard />);

    await typeDate(user, dateField(), '17/09/2025');
    // Shown as the app writes dates everywhere else, whatever was typed.
    expect(dateField()).toHaveValue('17 Sep 2025');
    await user.click(button('Send test'));

    expect(await resultTexts()).toEqual([
      'Test SucceededNobody is on duty on Wednesday 17 September 2025, so there was no one to remind.Reminders for Wednesday 17 September 2025 · 12 September 2025 at 09:00:05',
    ]);
    expect(sentBodies(fetchMock, RUN_FOR_DATE)).toEqual([{ date: '2025-09-17' }]);
  });

  it('offers neither weekends nor past days in the calendar', async () => {
    stubFetch({ [DELIVERIES]: { body: deliveries() } });
    renderWithProviders(<EmailSystemTestingCard />);

    await user.click(dateField());

    const cell = (iso: string) => document.querySelector(`td[title="${iso}"]`);
    await waitFor(() => expect(cell('2025-09-15')).not.toBeNull());
    expect(cell('2025-09-11')).toHaveClass('ant-picker-cell-disabled');
    expect(cell('2025-09-13')).toHaveClass('ant-picker-cell-disabled');
    expect(cell('2025-09-14')).toHaveClass('ant-picker-cell-disabled');
    expect(cell('2025-09-12')).not.toHaveClass('ant-picker-cell-disabled');
    expect(cell('2025-09-15')).not.toHaveClass('ant-picker-cell-disabled');
  });

  it('shows a refused test as failed, with the server’s message, and says so in a toast', async () => {
    const refusal =
      'Email reminders are turned off. Turn them on in Email Reminder Settings to send reminders.';
    stubFetch({
      [DELIVERIES]: { body: deliveries() },
      [RUN_FOR_DATE]: SERVER_ERROR(409, refusal),
    });
    renderWithProviders(<EmailSystemTestingCard />);

    await user.click(button('Quick test: next weekday'));

    const toast = await screen.findByRole('alert');
    expect(within(toast).getByText('Test Failed')).toBeInTheDocument();
    expect(within(toast).getByText(refusal)).toBeInTheDocument();
    expect(await resultTexts()).toEqual([
      `Test Failed${refusal}Reminders for Monday 15 September 2025 · 12 September 2025 at 09:30:00`,
    ]);
    const result = within(card()).getByRole('status');
    expect(result).toHaveClass('ant-alert-error');
    // The buttons are ready for another try.
    expect(button('Quick test: next weekday')).toBeEnabled();
    expect(button('Run reminder check now')).toBeEnabled();
  });

  it.each([
    ['no response arrives', { networkError: true as const }, 'Network error occurred'],
    [
      'the server gives no message',
      { status: 500, body: 'Internal Server Error' },
      'Failed to trigger email reminders',
    ],
  ])('says what went wrong when %s', async (_case, reply, text) => {
    stubFetch({ [DELIVERIES]: { body: deliveries() }, [RUN_NOW]: reply });
    renderWithProviders(<EmailSystemTestingCard />);

    await user.click(button('Run reminder check now'));

    const toast = await screen.findByRole('alert');
    expect(within(toast).getByText('Test Failed')).toBeInTheDocument();
    expect(within(toast).getByText(text)).toBeInTheDocument();
    expect(await resultTexts()).toEqual([
      `Test Failed${text}Reminder check · 12 September 2025 at 09:30:00`,
    ]);
  });

  it('keeps every result, newest first', async () => {
    stubFetch({
      [DELIVERIES]: { body: deliveries() },
      [RUN_NOW]: [
        { body: testResult({ message: 'No reminders are due at the moment.' }) },
        SERVER_ERROR(409, 'Email reminders are turned off.'),
      ],
    });
    renderWithProviders(<EmailSystemTestingCard />);

    await user.click(button('Run reminder check now'));
    expect(await resultTexts()).toHaveLength(1);
    await waitFor(() => expect(button('Run reminder check now')).toBeEnabled());
    await user.click(button('Run reminder check now'));

    await waitFor(async () => expect(await resultTexts()).toHaveLength(2));
    expect(await resultTexts()).toEqual([
      'Test FailedEmail reminders are turned off.Reminder check · 12 September 2025 at 09:30:00',
      'Test SucceededNo reminders are due at the moment.Reminder check · 12 September 2025 at 09:00:05',
    ]);
  });

  it('in test mode, says emails are simulated and lists the last simulated ones', async () => {
    stubFetch({
      [DELIVERIES]: {
        body: deliveries({
          testMode: true,
          emails: [
            email({
              id: '6',
              status: 'pending',
              attempts: 0,
              sentAt: null,
              to: 'bob.stone@hillside.example',
              createdAt: localInstant(12, 9, 20),
            }),
            email({ id: '5', status: 'simulated', createdAt: localInstant(12, 9, 10) }),
            email({
              id: '4',
              status: 'simulated',
              subject: 'Your swap request was approved',
              kind: 'swap-decided',
              to: 'bob.stone@hillside.example',
              createdAt: localInstant(11, 14, 5),
            }),
          ],
        }),
      },
    });
    renderWithProviders(<EmailSystemTestingCard />);

    const notice = await within(card()).findByRole('note', { name: 'Test mode' });
    expect(
      within(notice).getByText(
        'No mail server is configured, so emails are simulated: they are recorded here instead of being sent.',
      ),
    ).toBeInTheDocument();
    const simulated = within(notice).getByRole('list', { name: 'Last simulated emails' });
    expect(
      within(simulated)
        .getAllByRole('listitem')
        .map((row) => row.textContent),
    ).toEqual([
      'Duty reminder: Monday 15 September 2025 — to ann.lee@hillside.example, Fri 12 Sep 2025, 09:10',
      'Your swap request was approved — to bob.stone@hillside.example, Thu 11 Sep 2025, 14:05',
    ]);
    expect(await emailRows()).toEqual([
      'Duty reminder: Monday 15 September 2025To bob.stone@hillside.example · Fri 12 Sep 2025, 09:20Queued',
      'Duty reminder: Monday 15 September 2025To ann.lee@hillside.example · Fri 12 Sep 2025, 09:10Simulated',
      'Your swap request was approvedTo bob.stone@hillside.example · Thu 11 Sep 2025, 14:05Simulated',
    ]);
  });

  it('has no test-mode notice when a mail server is configured, and names every status', async () => {
    stubFetch({
      [DELIVERIES]: {
        body: deliveries({
          emails: [
            email({ id: '6', status: 'sending', sentAt: null }),
            email({
              id: '5',
              status: 'pending',
              attempts: 2,
              sentAt: null,
              lastError: 'Connection refused',
            }),
            email({ id: '4', status: 'pending', attempts: 0, sentAt: null }),
            email({ id: '3', status: 'sent' }),
            email({
              id: '2',
              status: 'failed',
              attempts: 5,
              sentAt: null,
              lastError: 'Mailbox full',
            }),
          ],
        }),
      },
    });
    renderWithProviders(<EmailSystemTestingCard />);

    const rows = await emailRows();
    const prefix =
      'Duty reminder: Monday 15 September 2025To ann.lee@hillside.example · Fri 12 Sep 2025, 09:00';
    expect(rows).toEqual([
      `${prefix}Sending`,
      `${prefix}Connection refusedWaiting to retry`,
      `${prefix}Queued`,
      `${prefix}Sent`,
      `${prefix}Mailbox fullFailed`,
    ]);
    expect(within(card()).queryByRole('note', { name: 'Test mode' })).not.toBeInTheDocument();
  });

  it('shows each email’s text as the server keeps it: a placeholder for an access link', async () => {
    const redacted =
      '[Removed once sent: this email contained a link that grants access to an account.]';
    stubFetch({
      [DELIVERIES]: {
        body: deliveries({
          emails: [
            email({ id: '2', kind: 'password-reset', subject: 'Reset your password', text: redacted }),
            email({ id: '1', text: 'Dear Ann,\n\nYou are on duty.' }),
          ],
        }),
      },
    });
    const user = setupUser();
    renderWithProviders(<EmailSystemTestingCard />);

    await emailRows();
    const list = within(recentEmails()).getByRole('list', { name: 'Emails, newest first' });
    const [reset, reminder] = within(list).getAllByRole('listitem');
    await user.click(within(reset!).getByText('Email text'));
    expect(within(reset!).getByText(redacted)).toBeVisible();
    expect(reset!.textContent).not.toMatch(/token=/);
    expect(within(reminder!).getByText(/You are on duty\./)).toBeInTheDocument();
  });

  it('keeps the server’s newest-first order, never sorting the ids as text', async () => {
    // Ids 18 down to 9: sorted as text, "9" would come first and "18" after "10".
    const ids = [18, 17, 16, 15, 14, 13, 12, 11, 10, 9];
    stubFetch({
      [DELIVERIES]: {
        body: deliveries({
          testMode: true,
          emails: ids.map((id) =>
            email({ id: String(id), status: 'simulated', subject: `Email ${id}` }),
          ),
        }),
      },
    });
    renderWithProviders(<EmailSystemTestingCard />);

    const subjects = (await emailRows()).map((row) => /^Email \d+/.exec(row ?? '')?.[0]);
    expect(subjects).toEqual(ids.map((id) => `Email ${id}`));
    const notice = await within(card()).findByRole('note', { name: 'Test mode' });
    const simulated = within(notice).getByRole('list', { name: 'Last simulated emails' });
    expect(within(simulated).getAllByRole('listitem')[0]).toHaveTextContent(/^Email 18 — /);
  });

  it('refreshes the recent emails on request', async () => {
    const fetchMock = stubFetch({
      [DELIVERIES]: [
        { body: deliveries({ emails: [email({ status: 'pending', attempts: 0, sentAt: null })] }) },
        { body: deliveries({ emails: [email({ status: 'sent' })] }) },
      ],
    });
    renderWithProviders(<EmailSystemTestingCard />);
    expect((await emailRows())[0]).toMatch(/Queued$/);

    await user.click(within(recentEmails()).getByRole('button', { name: 'Refresh recent emails' }));

    await waitFor(async () => expect((await emailRows())[0]).toMatch(/Sent$/));
    expect(callCount(fetchMock, DELIVERIES)).toBe(2);
  });

  it('shows the loading state, then the empty list', async () => {
    stubFetch({ [DELIVERIES]: { body: deliveries() } });
    renderWithProviders(<EmailSystemTestingCard />);

    expect(
      within(recentEmails()).getByRole('status', { name: 'Loading recent emails' }),
    ).toBeInTheDocument();
    expect(await within(recentEmails()).findByText('No emails yet.')).toBeInTheDocument();
    expect(within(recentEmails()).queryByRole('status')).not.toBeInTheDocument();
    expect(within(recentEmails()).queryByRole('list')).not.toBeInTheDocument();
  });

  it('says when the recent emails cannot be loaded, and tries again on request', async () => {
    const fetchMock = stubFetch({
      [DELIVERIES]: [
        SERVER_ERROR(500, 'Database down'),
        { body: deliveries({ emails: [email()] }) },
      ],
    });
    renderWithProviders(<EmailSystemTestingCard />);

    const alert = await within(recentEmails()).findByRole('alert');
    expect(within(alert).getByText('Failed to load recent emails')).toBeInTheDocument();
    expect(within(alert).getByText('Database down')).toBeInTheDocument();
    // The tests can still be run.
    expect(button('Run reminder check now')).toBeEnabled();

    await user.click(within(alert).getByRole('button', { name: 'Retry' }));

    expect(await emailRows()).toHaveLength(1);
    expect(callCount(fetchMock, DELIVERIES)).toBe(2);
  });
});
