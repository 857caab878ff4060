import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { callCount, renderWithProviders, setupUser, stubFetch } from '@/testing/test-utils';

import type { CalendarSubscriptionDto, CalendarSubscriptionLinksDto } from '../api';
import {
  CalendarSubscriptionCard,
  COPIED_STATE_MS,
  refreshIntervalText,
} from './calendar-subscription-card';

const SUBSCRIPTION = '/api/calendar/subscription';
const GET = `GET ${SUBSCRIPTION}`;
const CREATE = `POST ${SUBSCRIPTION}`;
const REVOKE = `DELETE ${SUBSCRIPTION}`;
const FEEDS = 'https://hillside.dutymanager.app/api/calendar/subscribe';

/** Local wall-clock instants, so the expected texts hold in any time zone. */
function localInstant(day: number, hour: number, minute: number): string {
  return new Date(2025, 8, day, hour, minute).toISOString();
}

function subscription(overrides: Partial<CalendarSubscriptionDto> = {}): CalendarSubscriptionDto {
  return {
    active: false,
    createdAt: null,
    lastUsedAt: null,
    refreshIntervalMinutes: 60,
    ...overrides,
  };
}

const ACTIVE = subscription({ active: true, createdAt: localInstant(8, 9, 5) });

function links(token: string): CalendarSubscriptionLinksDto {
  return {
    token,
    createdAt: localInstant(8, 9, 5),
    allDutiesUrl: `${FEEDS}/all-duties?token=${token}`,
    allDutiesWebcalUrl: `webcal://hillside.dutymanager.app/api/calendar/subscribe/all-duties?token=${token}`,
    myDutiesUrl: `${FEEDS}/my-duties?token=${token}`,
    myDutiesWebcalUrl: `webcal://hillside.dutymanager.app/api/calendar/subscribe/my-duties?token=${token}`,
    refreshIntervalMinutes: 60,
  };
}

const serverError = (status: number, message: string) => ({
  status,
  body: { statusCode: status, error: 'Error', message },
});

function card(): HTMLElement {
  return screen.getByRole('region', { name: 'Calendar Subscription' });
}

function feed(name: 'All duties' | 'My duties'): HTMLElement {
  return within(card()).getByRole('region', { name });
}

function createButton(): Promise<HTMLElement> {
  return within(card()).findByRole('button', { name: 'Create Subscription Link' });
}

function stubClipboard(writeText: Clipboard['writeText'] | undefined) {
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: writeText ? { writeText } : undefined,
  });
}

/**
 * The page's own copy command, which browsers keep where the Clipboard API is missing (plain
 * http); jsdom has none. `copied` receives the text selected when it runs.
 */
function stubCopyCommand(works: boolean, copied: (text: string) => void = () => undefined) {
  Object.defineProperty(document, 'execCommand', {
    configurable: true,
    value: vi.fn((command: string) => {
      const selected = document.activeElement;
      if (command === 'copy' && selected instanceof HTMLTextAreaElement) copied(selected.value);
      return works;
    }),
  });
}

/** Renders the card with no link yet, creates one, and waits for it to show. */
async function createdLink(user: UserEvent) {
  const fetchMock = stubFetch({
    [GET]: [{ body: subscription() }, { body: ACTIVE }],
    [CREATE]: { status: 201, body: links('tok-1') },
  });
  renderWithProviders(<CalendarSubscriptionCard />);
  await user.click(await createButton());
  await within(card()).findByRole('region', { name: 'All duties' });
  return fetchMock;
}

describe('Calendar Subscription card', () => {
  let user: UserEvent;

  beforeEach(() => {
    user = setupUser();
  });

  afterEach(() => {
    vi.useRealTimers();
    Reflect.deleteProperty(document, 'execCommand');
  });

  it('loads, then offers to create a link when there is none', async () => {
    const fetchMock = stubFetch({ [GET]: { body: subscription() } });
    renderWithProviders(<CalendarSubscriptionCard />);

    expect(
      within(card()).getByRole('status', { name: 'Loading calendar subscription' }),
    ).toBeInTheDocument();
    expect(
      within(card()).getByText(/Subscribe in Google Calendar, Outlook or Apple Calendar/),
    ).toBeInTheDocument();

    expect(await createButton()).toBeEnabled();
    expect(within(card()).getByText(/You have no subscription link yet/)).toBeInTheDocument();
    expect(
      within(card()).getByText(
        'Calendar apps check for changes about every hour; Google Calendar may take up to a day.',
      ),
    ).toBeInTheDocument();
    expect(within(card()).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(card()).queryByRole('button', { name: 'Rotate link' })).not.toBeInTheDocument();
    expect(callCount(fetchMock, CREATE)).toBe(0);
  });

  it('offers a retry when the subscription cannot be loaded', async () => {
    stubFetch({
      [GET]: [serverError(500, 'Database down'), { body: subscription() }],
    });
    renderWithProviders(<CalendarSubscriptionCard />);

    expect(
      await within(card()).findByText('Failed to load the calendar subscription'),
    ).toBeInTheDocument();
    expect(within(card()).getByText('Database down')).toBeInTheDocument();

    await user.click(within(card()).getByRole('button', { name: 'Retry' }));

    expect(await createButton()).toBeInTheDocument();
  });

  it('creates a link and shows both feeds, as https to copy and webcal:// to open', async () => {
    const fetchMock = await createdLink(user);
    const created = links('tok-1');

    expect(callCount(fetchMock, CREATE)).toBe(1);
    expect(await screen.findByText('Subscription link created')).toBeInTheDocument();

    const all = feed('All duties');
    const allUrl = within(all).getByRole('textbox', { name: 'All duties subscription URL' });
    expect(allUrl).toHaveValue(created.allDutiesUrl);
    expect(allUrl).toHaveAttribute('readonly');
    // Focus moves from the Create button, which is gone, to the new link.
    await waitFor(() => expect(allUrl).toHaveFocus());
    expect(within(all).getByRole('textbox', { name: 'All duties webcal URL' })).toHaveValue(
      created.allDutiesWebcalUrl,
    );
    expect(within(all).getByRole('link', { name: 'Open in calendar app' })).toHaveAttribute(
      'href',
      created.allDutiesWebcalUrl,
    );
    expect(within(all).getByText(/Every duty of the organisation/)).toBeInTheDocument();

    const mine = feed('My duties');
    expect(within(mine).getByRole('textbox', { name: 'My duties subscription URL' })).toHaveValue(
      created.myDutiesUrl,
    );
    expect(within(mine).getByRole('textbox', { name: 'My duties webcal URL' })).toHaveValue(
      created.myDutiesWebcalUrl,
    );
    expect(within(mine).getByRole('link', { name: 'Open in calendar app' })).toHaveAttribute(
      'href',
      created.myDutiesWebcalUrl,
    );
    expect(within(mine).getByText(/Only your own duties/)).toBeInTheDocument();

    expect(
      within(card()).getByText(
        'Keep this link private: anyone with it can see the duties. For your security it is shown only once; if you lose it, rotate it to get a new one.',
      ),
    ).toBeInTheDocument();
    // The refetched subscription (now active) does not hide the link just made.
    await waitFor(() => expect(callCount(fetchMock, GET)).toBe(2));
    expect(within(card()).queryByText(/can't be shown again/)).toBeNull();
    expect(within(card()).getByRole('button', { name: 'Rotate link' })).toBeInTheDocument();
    expect(within(card()).getByRole('button', { name: 'Revoke link' })).toBeInTheDocument();
  });

  it('copies the https link, says so, and reads Copied', async () => {
    await createdLink(user);
    const writeText = vi.fn<Clipboard['writeText']>().mockResolvedValue(undefined);
    stubClipboard(writeText);

    await user.click(within(feed('My duties')).getByRole('button', { name: 'Copy' }));

    expect(writeText).toHaveBeenCalledWith(links('tok-1').myDutiesUrl);
    expect(await screen.findByText('Copied!')).toBeInTheDocument();
    expect(screen.getByText('Calendar subscription URL copied to clipboard')).toBeInTheDocument();
    expect(within(feed('My duties')).getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    // Only the button that copied changes.
    expect(within(feed('All duties')).getByRole('button', { name: 'Copy' })).toBeInTheDocument();
  });

  it('reads Copied for exactly two seconds', async () => {
    await createdLink(user);
    const writeText = vi.fn<Clipboard['writeText']>().mockResolvedValue(undefined);
    stubClipboard(writeText);
    const copy = within(feed('All duties')).getByRole('button', { name: 'Copy' });

    // Only the timeouts are faked, and only from here: the copied state's timer is the one the
    // click starts, and no waiting below depends on a timeout.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await act(async () => {
      fireEvent.click(copy);
      await writeText.mock.results[0]?.value;
    });

    expect(writeText).toHaveBeenCalledWith(links('tok-1').allDutiesUrl);
    expect(copy).toHaveTextContent('Copied');
    act(() => vi.advanceTimersByTime(COPIED_STATE_MS - 1));
    expect(copy).toHaveTextContent('Copied');
    act(() => vi.advanceTimersByTime(1));
    expect(copy).toHaveTextContent(/^Copy$/);
  });

  it('on plain http, with no Clipboard API, copies through the page and reads Copied for two seconds', async () => {
    await createdLink(user);
    stubClipboard(undefined);
    const copied = vi.fn();
    stubCopyCommand(true, copied);
    const copy = within(feed('My duties')).getByRole('button', { name: 'Copy' });

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await act(async () => {
      fireEvent.click(copy);
      await Promise.resolve();
    });

    expect(copied).toHaveBeenCalledWith(links('tok-1').myDutiesUrl);
    expect(copy).toHaveAccessibleName('Copied');
    expect(screen.queryByText('Failed to copy URL to clipboard')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(COPIED_STATE_MS));
    expect(copy).toHaveAccessibleName('Copy');
    // The helper text area is gone again.
    expect(document.querySelector('textarea')).toBeNull();
  });

  it('when the browser refuses the Clipboard API, copies through the page and still reads Copied', async () => {
    await createdLink(user);
    const writeText = vi
      .fn<Clipboard['writeText']>()
      .mockRejectedValue(new DOMException('Write permission denied.', 'NotAllowedError'));
    stubClipboard(writeText);
    const copied = vi.fn();
    stubCopyCommand(true, copied);

    await user.click(within(feed('All duties')).getByRole('button', { name: 'Copy' }));

    expect(
      await within(feed('All duties')).findByRole('button', { name: 'Copied' }),
    ).toBeInTheDocument();
    expect(copied).toHaveBeenCalledWith(links('tok-1').allDutiesUrl);
    expect(await screen.findByText('Copied!')).toBeInTheDocument();
    expect(screen.queryByText('Failed to copy URL to clipboard')).not.toBeInTheDocument();
  });

  it.each([
    ['the browser refuses', vi.fn<Clipboard['writeText']>().mockRejectedValue(new Error('Denied'))],
    ['there is no clipboard and the page cannot copy either', undefined],
  ])('says the copy failed when %s', async (_case, writeText) => {
    await createdLink(user);
    stubClipboard(writeText);
    stubCopyCommand(false);

    await user.click(within(feed('All duties')).getByRole('button', { name: 'Copy' }));

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Error')).toBeInTheDocument();
    expect(within(alert).getByText('Failed to copy URL to clipboard')).toBeInTheDocument();
    expect(within(feed('All duties')).getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    expect(screen.queryByText('Copied!')).not.toBeInTheDocument();
  });

  it('after a reload, says a link exists but cannot be shown again', async () => {
    stubFetch({
      [GET]: { body: { ...ACTIVE, lastUsedAt: localInstant(9, 10, 30) } },
    });
    renderWithProviders(<CalendarSubscriptionCard />);

    expect(
      await within(card()).findByText(
        /You have a subscription link, created 8 September 2025 at 09:05, last used by a calendar app 9 September 2025 at 10:30\. For your security it can't be shown again/,
      ),
    ).toBeInTheDocument();
    expect(within(card()).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(card()).queryByRole('link')).not.toBeInTheDocument();
    expect(
      within(card()).queryByRole('button', { name: 'Create Subscription Link' }),
    ).not.toBeInTheDocument();
    expect(within(card()).getByRole('button', { name: 'Rotate link' })).toBeInTheDocument();
  });

  it('says when no calendar app has used the link yet', async () => {
    stubFetch({ [GET]: { body: ACTIVE } });
    renderWithProviders(<CalendarSubscriptionCard />);

    expect(
      await within(card()).findByText(
        /created 8 September 2025 at 09:05, not yet used by a calendar app\./,
      ),
    ).toBeInTheDocument();
  });

  it('rotates the link after asking, and shows the new one', async () => {
    const fetchMock = stubFetch({
      [GET]: { body: ACTIVE },
      [CREATE]: { status: 201, body: links('tok-2') },
    });
    renderWithProviders(<CalendarSubscriptionCard />);

    await user.click(await within(card()).findByRole('button', { name: 'Rotate link' }));
    expect(await screen.findByText('Rotate the subscription link?')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Calendars using the current link stop updating until you subscribe with the new one.',
      ),
    ).toBeInTheDocument();
    expect(callCount(fetchMock, CREATE)).toBe(0);

    await user.click(screen.getByRole('button', { name: 'Rotate' }));

    expect(
      await within(card()).findByRole('textbox', { name: 'All duties subscription URL' }),
    ).toHaveValue(links('tok-2').allDutiesUrl);
    expect(within(card()).getByRole('textbox', { name: 'My duties subscription URL' })).toHaveValue(
      links('tok-2').myDutiesUrl,
    );
    expect(callCount(fetchMock, CREATE)).toBe(1);
    expect(await screen.findByText('Subscription link rotated')).toBeInTheDocument();
    expect(screen.getByText('The previous link no longer works.')).toBeInTheDocument();
  });

  it('revokes the link after asking, forgets it, and offers to create one again', async () => {
    await createdLink(user);
    const fetchMock = stubFetch({
      [GET]: { body: subscription() },
      [REVOKE]: { status: 204 },
    });

    await user.click(within(card()).getByRole('button', { name: 'Revoke link' }));
    expect(await screen.findByText('Revoke the subscription link?')).toBeInTheDocument();
    expect(screen.getByText('Calendars using it stop updating.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Revoke' }));

    const create = await createButton();
    expect(callCount(fetchMock, REVOKE)).toBe(1);
    expect(within(card()).queryByRole('textbox')).not.toBeInTheDocument();
    expect(await screen.findByText('Subscription link revoked')).toBeInTheDocument();
    await waitFor(() => expect(create).toHaveFocus());
  });

  it('shows the server’s reason when a change fails', async () => {
    const fetchMock = stubFetch({
      [GET]: { body: ACTIVE },
      [REVOKE]: serverError(404, 'You have no calendar subscription link to revoke'),
    });
    renderWithProviders(<CalendarSubscriptionCard />);

    await user.click(await within(card()).findByRole('button', { name: 'Revoke link' }));
    await user.click(await screen.findByRole('button', { name: 'Revoke' }));

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Error')).toBeInTheDocument();
    expect(
      within(alert).getByText('You have no calendar subscription link to revoke'),
    ).toBeInTheDocument();
    expect(callCount(fetchMock, REVOKE)).toBe(1);
  });

  it('says a failed create in a toast, and keeps the Create button', async () => {
    stubFetch({
      [GET]: { body: subscription() },
      [CREATE]: serverError(500, 'Database down'),
    });
    renderWithProviders(<CalendarSubscriptionCard />);

    await user.click(await createButton());

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Database down')).toBeInTheDocument();
    expect(await createButton()).toBeEnabled();
  });
});

describe('refreshIntervalText', () => {
  it.each([
    [60, 'hour'],
    [30, '30 minutes'],
    [120, '2 hours'],
    [1, '1 minute'],
  ])('%i minutes read "%s"', (minutes, text) => {
    expect(refreshIntervalText(minutes)).toBe(text);
  });
});
