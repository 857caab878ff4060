import { Alert, Button, Empty, Flex, Skeleton, theme, Typography } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { getServerMessage } from '@/shared/api/errors';
import { useAccess, useCan } from '@/shared/auth/access';
import { formatDateTime } from '@/shared/lib/dates';
import { SectionCard } from '@/shared/ui/section-card';

import { useGetAuditLogQuery, type AuditEntryDto } from '../api';

const TITLE = 'Recent Activity';
/** How many of the newest entries the card shows. */
export const RECENT_ACTIVITY_COUNT = 5;

const LIST_STYLE = { listStyle: 'none', margin: 0, padding: 0 } as const;

function ago(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? '' : 's'} ago`;
}

/**
 * When an entry happened, as people say it: "Just now", "5 minutes ago", "3 hours ago", then the
 * short date and time ("Mon 8 Sep 2025, 09:05") from a day back. An instant slightly ahead of
 * the browser's clock (clocks drift) reads "Just now".
 */
export function timeAgo(instant: string, now = dayjs()): string {
  const then = dayjs(instant);
  if (!then.isValid()) return formatDateTime(instant);
  const minutes = now.diff(then, 'minute');
  if (minutes < 1) return 'Just now';
  if (minutes < 60) return ago(minutes, 'minute');
  const hours = now.diff(then, 'hour');
  if (hours < 24) return ago(hours, 'hour');
  return formatDateTime(instant);
}

function newestFirst(a: AuditEntryDto, b: AuditEntryDto): number {
  return dayjs(b.createdAt).valueOf() - dayjs(a.createdAt).valueOf();
}

function ActivityItem({ entry, first }: { entry: AuditEntryDto; first: boolean }) {
  const { token } = theme.useToken();
  return (
    <li
      style={{ padding: '10px 0', borderTop: first ? undefined : `1px solid ${token.colorSplit}` }}
    >
      <Flex vertical gap={2}>
        <Typography.Text>{entry.summary}</Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
          {entry.actorName} ·{' '}
          <time dateTime={entry.createdAt} title={formatDateTime(entry.createdAt)}>
            {timeAgo(entry.createdAt)}
          </time>
        </Typography.Text>
      </Flex>
    </li>
  );
}

/** The newest entries of the audit log; only rendered for people who may read it. */
function RecentEntries() {
  const { data, isLoading, isFetching, isError, error, refetch } = useGetAuditLogQuery({
    page: 1,
    pageSize: RECENT_ACTIVITY_COUNT,
  });

  if (isError && !data) {
    return (
      <Alert
        type="error"
        showIcon
        title="Failed to load recent activity"
        description={getServerMessage(error) ?? 'Please try again.'}
        action={
          <Button loading={isFetching} onClick={() => void refetch()}>
            Retry
          </Button>
        }
      />
    );
  }
  if (isLoading || !data) {
    return (
      <div role="status" aria-label="Loading recent activity">
        <Skeleton active title={false} paragraph={{ rows: 4 }} />
      </div>
    );
  }
  // The server sends newest first; sorting again keeps the card right whatever the order.
  const entries = [...data.items].sort(newestFirst).slice(0, RECENT_ACTIVITY_COUNT);
  if (entries.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No activity yet" />;
  }
  return (
    <ul aria-label="Recent activity" style={LIST_STYLE}>
      {entries.map((entry, index) => (
        <ActivityItem key={entry.id} entry={entry} first={index === 0} />
      ))}
    </ul>
  );
}

/**
 * The dashboard's Recent Activity card (docs/product.md#activity-log-import-and-printing): real recent events from the audit log, with
 * a way into the full log. Staff may not read the log (the API refuses them), so they get a
 * short note instead and no request is made.
 */
export function RecentActivity() {
  const access = useAccess();
  const canView = useCan('audit.view');

  let body: ReactNode;
  if (access.status === 'loading') {
    body = <Skeleton active title={false} paragraph={{ rows: 3 }} />;
  } else if (canView) {
    body = <RecentEntries />;
  } else {
    body = (
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        Administrators and managers see the latest changes to staff, holidays and the rota here.
      </Typography.Paragraph>
    );
  }

  return (
    <SectionCard title={TITLE} extra={canView && <Link to="/activity">View all activity</Link>}>
      {body}
    </SectionCard>
  );
}
