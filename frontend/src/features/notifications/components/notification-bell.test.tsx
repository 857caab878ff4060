import { act, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import {
  callCount,
  renderWithProviders,
  setupUser,
  storeToken,
  stubFetch,
} from '@/testing/test-utils';

import type { NotificationDto, NotificationsDto } from '../api';
import { NotificationBell } from './notification-bell';

const asked: NotificationDto = {
  id: 'n-1',
  kind: 'swap_asked',
  text: 'Alice Able asks you to cover her duty on Wednesday 10 September 2025',
  link: '/swaps?request=sw-1',
  createdAt: '2025-09-08T08:15:00.000Z',
  readAt: null,
};
const changed: NotificationDto = {
  id: 'n-2',
  kind: 'duty_changed',
  text: 'You are now on duty on Friday 12 September 2025',
  link: '/my-rota',
  createdAt: '2025-09-07T10:00:00.000Z',
  readAt: '2025-09-07T11:00:00.000Z',
};
const someUnread: NotificationsDto = { unread: 1, items: [asked, changed] };
const allRead: NotificationsDto = {
  unread: 0,
  items: [{ ...asked, readAt: '2025-09-08T09:00:00.000Z' }, changed],
};

type Replies = Parameters<typeof stubFetch>[0];

function renderBell(replies: Replies) {
  storeToken();
  const fetchMock = stubFetch(replies);
  return { fetchMock, ...renderWithProviders(<NotificationBell />, '/') };
}

async function openBell(user: UserEvent, name: string | RegExp = /Notifications/) {
  await user.click(await screen.findByRole('button', { name }));
  return screen.findByRole('dialog', { name: 'Notifications' });
}

describe('Notification bell', () => {
  let user: UserEvent;

  beforeEach(() => {
    user = setupUser();
  });

  it('shows the unread count and lists the notifications, unread ones marked', async () => {
    renderBell({ 'GET /api/notifications': { body: someUnread } });

    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    expect(bell.closest('.ant-badge')).toHaveTextContent('1');

    const panel = await openBell(user);
    const items = within(panel).getAllByRole('link');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent(`Unread: ${asked.text}`);
    expect(items[0]).toHaveAttribute('href', '/swaps?request=sw-1');
    expect(items[1]).toHaveTextContent(changed.text);
    expect(items[1]).not.toHaveTextContent('Unread');
    await waitFor(() => expect(items[0]).toHaveFocus());
  });

  it('marks a notification read when followed, goes to its link, and looks again', async () => {
    const { fetchMock, router } = renderBell({
      'GET /api/notifications': [{ body: someUnread }, { body: allRead }],
      'POST /api/notifications/n-1/read': { body: { ...asked, readAt: '2025-09-08T09:00:00Z' } },
    });

    const panel = await openBell(user, 'Notifications, 1 unread');
    await user.click(within(panel).getByRole('link', { name: /Alice Able asks you/ }));

    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
        '/swaps?request=sw-1',
      ),
    );
    expect(callCount(fetchMock, 'POST /api/notifications/n-1/read')).toBe(1);
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Notifications' })).toBeNull());
  });

  it('does not mark again a notification already read', async () => {
    const { fetchMock, router } = renderBell({ 'GET /api/notifications': { body: someUnread } });

    const panel = await openBell(user);
    await user.click(within(panel).getByRole('link', { name: /You are now on duty/ }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/my-rota'));
    expect(callCount(fetchMock, 'POST /api/notifications/n-2/read')).toBe(0);
  });

  it('marks all as read', async () => {
    const { fetchMock } = renderBell({
      'GET /api/notifications': [{ body: someUnread }, { body: allRead }],
      'POST /api/notifications/read-all': { body: allRead },
    });

    const panel = await openBell(user, 'Notifications, 1 unread');
    await user.click(within(panel).getByRole('button', { name: 'Mark all as read' }));

    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(callCount(fetchMock, 'POST /api/notifications/read-all')).toBe(1);
    await waitFor(() =>
      expect(within(panel).queryByRole('button', { name: 'Mark all as read' })).toBeNull(),
    );
  });

  it('says when there are none', async () => {
    renderBell({ 'GET /api/notifications': { body: { unread: 0, items: [] } } });

    const panel = await openBell(user, 'Notifications');

    expect(within(panel).getByText('No notifications')).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Mark all as read' })).toBeNull();
  });

  it("shows the server's reason when loading fails, and retries", async () => {
    const { fetchMock } = renderBell({
      'GET /api/notifications': [
        {
          status: 500,
          body: { statusCode: 500, message: 'Database unavailable', error: 'Server Error' },
        },
        { body: someUnread },
      ],
    });

    const panel = await openBell(user, 'Notifications');
    expect(await within(panel).findByText('Failed to load notifications')).toBeInTheDocument();
    expect(within(panel).getByText('Database unavailable')).toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Retry' }));

    expect(await within(panel).findByRole('link', { name: /Alice Able asks you/ })).toBeVisible();
    expect(callCount(fetchMock, 'GET /api/notifications')).toBe(2);
  });

  it('looks again when the window regains focus', async () => {
    const { fetchMock } = renderBell({
      'GET /api/notifications': [{ body: allRead }, { body: someUnread }],
    });
    await screen.findByRole('button', { name: 'Notifications' });

    act(() => {
      window.dispatchEvent(new Event('focus'));
    });

    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeVisible();
    expect(callCount(fetchMock, 'GET /api/notifications')).toBe(2);
  });

  it('closes on Escape and gives the focus back to the bell', async () => {
    renderBell({ 'GET /api/notifications': { body: someUnread } });

    await openBell(user);
    const bell = screen.getByRole('button', { name: 'Notifications, 1 unread' });
    await waitFor(() => expect(screen.getAllByRole('link')[0]).toHaveFocus());
    await user.keyboard('{Escape}');

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Notifications' })).toBeNull());
    expect(bell).toHaveFocus();
  });
});
