import { Flex } from 'antd';
import { lazy, Suspense } from 'react';

// The card itself, not the audit feature's route module: that module also holds the Activity
// page, whose table would become part of the dashboard's first download.
import { RecentActivity } from '@/features/audit/components/recent-activity';
import { DashboardSummaryCards, DutyStatisticsCard } from '@/features/dashboard/routes';
import { MonthlyRota } from '@/features/rota/routes';
import { PageTitle } from '@/shared/ui/page-title';
import { Title } from '@/shared/ui/typography';

// Below the month: its inputs, alerts and copy buttons load after the dashboard's first screen.
const CalendarSubscriptionCard = lazy(async () => ({
  default: (await import('@/features/calendar/routes')).CalendarSubscriptionCard,
}));

/**
 * The Dashboard at / (docs/product.md#screens): the summary strip, the monthly rota, the calendar subscription
 * card, then the activity and duty statistics cards. It lives in src/app because it composes
 * parts of several features.
 */
export function DashboardPage() {
  return (
    <>
      <PageTitle title="Dashboard" />
      <Title level={1} style={{ marginTop: 0 }} className="no-print">
        Dashboard
      </Title>
      <Flex vertical gap="large">
        <div className="no-print">
          <DashboardSummaryCards />
        </div>
        <MonthlyRota />
        <div className="no-print">
          <Suspense fallback={null}>
            <CalendarSubscriptionCard />
          </Suspense>
        </div>
        <Flex gap="large" wrap className="no-print">
          <div style={{ flex: '1 1 360px' }}>
            <RecentActivity />
          </div>
          <div style={{ flex: '1 1 360px' }}>
            <DutyStatisticsCard />
          </div>
        </Flex>
      </Flex>
    </>
  );
}
