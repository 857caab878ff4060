import { Alert, Button, Flex, Skeleton, theme, Typography } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';

import { getServerMessage } from '@/shared/api/errors';
import { ISO_MONTH_FORMAT, MONTH_FORMAT } from '@/shared/lib/dates';
import { SectionCard } from '@/shared/ui/section-card';

import { useGetDashboardStatsQuery, type ActiveStaffCountDto } from '../api';
import { countOf } from './format';

const TITLE = 'Duty Statistics';

/** "September 2025" for the API's `yyyy-MM` month; nothing when it is not one. */
function monthLabel(month: string): string | undefined {
  const parsed = dayjs(month, ISO_MONTH_FORMAT, true);
  return parsed.isValid() ? parsed.format(MONTH_FORMAT) : undefined;
}

function days(count: number): string {
  return countOf(count, 'day');
}

const ROW_STYLE = {
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'baseline',
  flexWrap: 'wrap',
  columnGap: 16,
  rowGap: 2,
  padding: '10px 0',
} as const;

interface FigureProps {
  label: string;
  children: ReactNode;
  first?: boolean;
}

function Figure({ label, children, first }: FigureProps) {
  const { token } = theme.useToken();
  return (
    <div style={{ ...ROW_STYLE, borderTop: first ? undefined : `1px solid ${token.colorSplit}` }}>
      <dt style={{ color: token.colorTextSecondary }}>{label}</dt>
      <dd style={{ margin: 0, textAlign: 'end' }}>{children}</dd>
    </div>
  );
}

function Person({ person }: { person: ActiveStaffCountDto }) {
  return (
    <>
      <Typography.Text strong>{person.name}</Typography.Text>{' '}
      <Typography.Text type="secondary">{days(person.count)}</Typography.Text>
    </>
  );
}

/**
 * docs/product.md#statistics-and-the-dashboard: the dashboard's Duty Statistics card. This month's most and least active people, the
 * average per person and the total, each counted in days (one duty is one day).
 */
export function DutyStatisticsCard() {
  const { data, isLoading, isFetching, isError, error, refetch } = useGetDashboardStatsQuery();

  let body: ReactNode;
  if (isError && !data) {
    body = (
      <Alert
        type="error"
        showIcon
        title="Failed to load duty statistics"
        description={getServerMessage(error) ?? 'Please try again.'}
        action={
          <Button loading={isFetching} onClick={() => void refetch()}>
            Retry
          </Button>
        }
      />
    );
  } else if (isLoading || !data) {
    body = (
      <div role="status" aria-label="Loading duty statistics">
        <Skeleton active title={false} paragraph={{ rows: 4 }} />
      </div>
    );
  } else if (!data.mostActive || !data.leastActive) {
    // The server leaves both out when nobody is active.
    body = (
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        No active staff yet, so there is nothing to count.
      </Typography.Paragraph>
    );
  } else {
    const month = monthLabel(data.month);
    body = (
      <Flex vertical gap={4}>
        {month && (
          <Typography.Text type="secondary">
            This month: <span>{month}</span>
          </Typography.Text>
        )}
        <dl aria-label="This month's duties" style={{ margin: 0 }}>
          <Figure label="Most active this month" first>
            <Person person={data.mostActive} />
          </Figure>
          <Figure label="Least active this month">
            <Person person={data.leastActive} />
          </Figure>
          <Figure label="Average duties per person">
            <Typography.Text strong>{days(data.averageDuties)}</Typography.Text>
          </Figure>
          <Figure label="Total duties this month">
            <Typography.Text strong>{days(data.totalDuties)}</Typography.Text>
          </Figure>
        </dl>
      </Flex>
    );
  }

  return <SectionCard title={TITLE}>{body}</SectionCard>;
}
