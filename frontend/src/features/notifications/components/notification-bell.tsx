import { BellOutlined } from '@ant-design/icons';
import { skipToken } from '@reduxjs/toolkit/query';
import { Badge, Button, Empty, Flex, Popover, Spin } from 'antd';
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';

import { useAuthToken } from '@/shared/auth/auth-token';
import { formatDateTime } from '@/shared/lib/dates';
import { LoadError } from '@/shared/ui/load-error';
import { Text } from '@/shared/ui/typography';

import {
  notificationsApi,
  useGetNotificationsQuery,
  useMarkAllNotificationsReadMutation,
  useMarkNotificationReadMutation,
  type NotificationDto,
} from '../api';

const TITLE = 'Notifications';
/** One bell per page, in the header. */
const PANEL_ID = 'notification-panel';

/** Read by screen readers, not shown: the blue dot says the same to the eye. */
const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** "Notifications, 3 unread": the bell's accessible name carries the count the badge shows. */
export function bellLabel(unread: number | undefined): string {
  return unread ? `${TITLE}, ${unread} unread` : TITLE;
}

/**
 * The bell in the header (docs/product.md#requests: people involved get an in-app notification):
 * the unread count on a badge, and on click a list of the newest notifications, each a link
 * into the app that is marked read when followed, with "Mark all as read". The list is fetched
 * again on every change of page and whenever the window regains focus, so a colleague's answer
 * shows up without reloading; the app otherwise never refetches on its own.
 */
export function NotificationBell() {
  const token = useAuthToken();
  // The bell shows the unread count only: it renders again when that changes, not as each request
  // starts and ends (the list, open, reads the whole answer).
  const { unread, refetch } = useGetNotificationsQuery(undefined, {
    skip: !token,
    selectFromResult: ({ data }) => ({ unread: data?.unread }),
  });
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);

  // Another page: look again (skipping the first render, which has just fetched).
  const firstLocation = useRef(true);
  useEffect(() => {
    if (firstLocation.current) {
      firstLocation.current = false;
      return;
    }
    if (token) void refetch();
  }, [location.pathname, location.search, token, refetch]);

  useEffect(() => {
    if (!token) return undefined;
    const again = () => {
      if (document.visibilityState !== 'hidden') void refetch();
    };
    window.addEventListener('focus', again);
    return () => window.removeEventListener('focus', again);
  }, [token, refetch]);

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) triggerRef.current?.focus();
  };
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      close(true);
    }
  };

  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      // Centred under the bell and shifted to stay on the screen: "bottomRight" could only flip,
      // and on a phone, where the bell is not at the edge, the list ran 27 px off the screen.
      placement="bottom"
      destroyOnHidden
      afterOpenChange={(visible) => {
        // The popup is rendered at the end of the page: take the focus there, to the newest
        // notification, else the first button (Retry, Mark all as read).
        const panel = visible ? document.getElementById(PANEL_ID) : null;
        const first =
          panel?.querySelector<HTMLElement>('li a') ??
          panel?.querySelector<HTMLElement>('a, button');
        first?.focus({ preventScroll: true });
      }}
      content={
        <FocusInside onKeyDown={closeOnEscape}>
          <NotificationPanel skip={!token} refetch={refetch} onFollow={() => close(false)} />
        </FocusInside>
      }
    >
      <Badge count={unread} size="small" offset={[-4, 4]}>
        <Button
          ref={triggerRef}
          ghost
          shape="circle"
          icon={<BellOutlined aria-hidden />}
          aria-label={bellLabel(unread)}
          aria-haspopup="dialog"
          aria-expanded={open}
        />
      </Badge>
    </Popover>
  );
}

/** The popup's frame: a labelled dialog that closes on Escape. */
function FocusInside({
  children,
  onKeyDown,
}: {
  children: ReactNode;
  onKeyDown: (event: KeyboardEvent) => void;
}) {
  return (
    <div
      id={PANEL_ID}
      role="dialog"
      aria-label={TITLE}
      onKeyDown={onKeyDown}
      style={{ width: 'min(360px, calc(100vw - 48px))' }}
    >
      {children}
    </div>
  );
}

interface PanelProps {
  /** Signed out: nothing to read. */
  skip: boolean;
  /** Asks again (the bell's request: the list only reads its answer). */
  refetch: () => unknown;
  /** A notification's link was followed: close the list. */
  onFollow: () => void;
}

function NotificationPanel({ skip, refetch, onFollow }: PanelProps) {
  // The bell's answer as it stands, without a request of the list's own: a failed one shows its
  // reason and Retry rather than being asked again as the list opens.
  const query = notificationsApi.endpoints.getNotifications.useQueryState(
    skip ? skipToken : undefined,
  );
  const [markAll, markAllState] = useMarkAllNotificationsReadMutation();
  const { data } = query;

  let body;
  if (query.isError && !data) {
    body = (
      <LoadError
        title="Failed to load notifications"
        error={query.error}
        retrying={query.isFetching}
        onRetry={() => void refetch()}
      />
    );
  } else if (!data) {
    body = (
      <Flex justify="center" style={{ padding: 16 }} role="status">
        <Spin description="Loading notifications…" />
      </Flex>
    );
  } else if (data.items.length === 0) {
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No notifications" />;
  } else {
    body = (
      <ul
        aria-label="Notification list"
        style={{ listStyle: 'none', margin: 0, padding: 0, maxHeight: '60vh', overflowY: 'auto' }}
      >
        {data.items.map((item) => (
          <NotificationItem key={item.id} item={item} onFollow={onFollow} />
        ))}
      </ul>
    );
  }

  return (
    <Flex vertical gap="small">
      <Flex justify="space-between" align="center" gap="small" wrap>
        <Text strong>{TITLE}</Text>
        {data && data.unread > 0 && (
          <Button
            size="small"
            type="link"
            loading={markAllState.isLoading}
            onClick={() => void markAll()}
          >
            Mark all as read
          </Button>
        )}
      </Flex>
      {body}
    </Flex>
  );
}

function NotificationItem({ item, onFollow }: { item: NotificationDto; onFollow: () => void }) {
  const [markRead] = useMarkNotificationReadMutation();
  const unread = item.readAt === null;
  return (
    <li style={{ borderTop: '1px solid rgba(5, 5, 5, 0.06)' }}>
      <Link
        to={item.link}
        onClick={() => {
          // Followed at once; the mark is sent beside it and the bell refetches when it lands.
          if (unread) void markRead({ id: item.id });
          onFollow();
        }}
        style={{
          display: 'block',
          padding: '8px 4px',
          color: 'inherit',
          fontWeight: unread ? 600 : undefined,
        }}
      >
        <Flex gap="small" align="start">
          <span
            aria-hidden
            style={{
              flex: '0 0 8px',
              height: 8,
              marginTop: 7,
              borderRadius: '50%',
              background: unread ? '#1677ff' : 'transparent',
            }}
          />
          <span style={{ minWidth: 0 }}>
            {unread && <span style={VISUALLY_HIDDEN}>Unread: </span>}
            {item.text}
            <Text type="secondary" style={{ display: 'block', fontWeight: 'normal', fontSize: 12 }}>
              <time dateTime={item.createdAt}>{formatDateTime(item.createdAt)}</time>
            </Text>
          </span>
        </Flex>
      </Link>
    </li>
  );
}
