import {
  CalendarOutlined,
  CloseCircleOutlined,
  RightOutlined,
  SwapOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { Alert, Button, Card, Col, Flex, Row, theme, Typography } from 'antd';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';

import { getServerMessage } from '@/shared/api/errors';
import { formatDateRange, SHORT_DAY_MONTH_FORMAT } from '@/shared/lib/dates';
import { CARD_HEADING_STYLE } from '@/shared/ui/section-card';

import { useGetDashboardStatsQuery } from '../api';
import { countOf, thisWeekText } from './format';

/** docs/product.md#statistics-and-the-dashboard: what every card reads until the figures arrive. */
const LOADING_TEXT = 'Loading...';

type Tone = 'success' | 'warning' | 'secondary';

interface SummaryCardProps {
  title: string;
  icon: ReactNode;
  value: string;
  /** The value's colour; the default text colour when absent. */
  tone?: Tone;
  /** A line under the value, e.g. the week counted. */
  detail?: string;
  /** Makes the whole card a link to this path. */
  to?: string;
}

const VALUE_STYLE = { fontSize: 20, fontWeight: 600, lineHeight: 1.4 } as const;

function SummaryCard({ title, icon, value, tone, detail, to }: SummaryCardProps) {
  const headingId = useId();
  const { token } = theme.useToken();
  const content = (
    <Flex vertical gap={4}>
      <Flex justify="space-between" align="center" gap="small">
        <h2 id={headingId} style={{ ...CARD_HEADING_STYLE, color: token.colorTextSecondary }}>
          <span aria-hidden style={{ marginInlineEnd: 8 }}>
            {icon}
          </span>
          {title}
        </h2>
        {to && <RightOutlined aria-hidden style={{ fontSize: 12, opacity: 0.45 }} />}
      </Flex>
      <Typography.Text type={tone} data-tone={tone ?? 'default'} style={VALUE_STYLE}>
        {value}
      </Typography.Text>
      {detail && <Typography.Text type="secondary">{detail}</Typography.Text>}
    </Flex>
  );

  if (to) {
    // The card is the link: one tab stop, named by its title and value ("Pending Swaps 3 requests").
    return (
      <Link to={to} style={{ display: 'block', height: '100%', color: 'inherit' }}>
        <Card hoverable style={{ height: '100%' }}>
          {content}
        </Card>
      </Link>
    );
  }
  return (
    <Card role="group" aria-labelledby={headingId} style={{ height: '100%' }}>
      {content}
    </Card>
  );
}

function thisWeekTone(unfilled: number | undefined): Tone {
  if (unfilled === undefined) return 'secondary';
  return unfilled === 0 ? 'success' : 'warning';
}

/**
 * docs/product.md#statistics-and-the-dashboard: the dashboard's summary strip. This Week and Active Staff only inform; the two
 * request cards open their review screens.
 */
export function DashboardSummaryCards() {
  const { data, isLoading, isFetching, isError, error, refetch } = useGetDashboardStatsQuery();

  if (isError && !data) {
    return (
      <Alert
        type="error"
        showIcon
        title="Failed to load the dashboard figures"
        description={getServerMessage(error) ?? 'Please try again.'}
        action={
          <Button loading={isFetching} onClick={() => void refetch()}>
            Retry
          </Button>
        }
      />
    );
  }

  const loading = isLoading || !data;
  const cards: SummaryCardProps[] = [
    {
      title: 'This Week',
      icon: <CalendarOutlined />,
      value: loading ? LOADING_TEXT : thisWeekText(data.unfilled),
      tone: loading ? 'secondary' : thisWeekTone(data.unfilled),
      // The week counted: on a Saturday or Sunday the server counts the coming one.
      detail: loading ? undefined : formatDateRange(data.weekStart, data.weekEnd, SHORT_DAY_MONTH_FORMAT),
    },
    {
      title: 'Active Staff',
      icon: <TeamOutlined />,
      value: loading ? LOADING_TEXT : countOf(data.activeStaffCount, 'member'),
    },
    {
      title: 'Pending Swaps',
      icon: <SwapOutlined />,
      value: loading ? LOADING_TEXT : countOf(data.pendingSwaps, 'request'),
      to: '/swaps',
    },
    {
      title: 'Pending Cancellations',
      icon: <CloseCircleOutlined />,
      value: loading ? LOADING_TEXT : countOf(data.pendingCancellations, 'request'),
      to: '/cancel-requests',
    },
  ];

  return (
    <Row gutter={[16, 16]} aria-busy={loading}>
      {cards.map((card) => (
        <Col key={card.title} xs={24} sm={12} xl={6}>
          <SummaryCard {...card} />
        </Col>
      ))}
    </Row>
  );
}
