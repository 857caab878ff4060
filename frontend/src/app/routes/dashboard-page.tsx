import { Flex } from 'antd';
import { lazy, Suspense } from 'react';

// The card itself, not the audit feature's route module: that module also holds the Activity
// page, whose table would become part of the dashboard's first download.
import { RecentActivity } from '@/features/audit/components/recent-activity';
import {
  DashboardSummaryCards,
  DutyStatisticsCard,
  RotaHealth,
  SetupChecklistCard,
} from '@/features/dashboard/routes';
import { MonthlyRota } from '@/features/rota/routes';
import { PageTitle } from '@/shared/ui/page-title';
import { useScrollToHash } from '@/shared/ui/scroll-to-hash';
import { Title } from '@/shared/ui/typography';

// Below the month: its inputs, alerts and copy buttons load after the dashboard's first screen.
const CalendarSubscriptionCard = lazy(async () => ({
  default: (await import('@/features/calendar/routes')).CalendarSubscriptionCard,
}));

/** Where the first-run checklist's "Subscribe to the calendar" leads (/#calendar-subscription). */
const CALENDAR_SUBSCRIPTION_ID = 'calendar-subscription';

/**
 * The Dashboard at / (docs/product.md#screens): an admin's first-run checklist and the rota's
 * health line for those who may change the rota, the summary strip, the monthly rota, the
 * calendar subscription card, then the activity and duty statistics cards. It lives in src/app
 * because it composes parts of several features.
 */
export function DashboardPage() {
  useScrollToHash();
  return (
    <>
      <PageTitle title="Dashboard" />
      <Title level={1} style={{ marginTop: 0 }} className="no-print">
        Dashboard
      </Title>
      <Flex vertical gap="large">
        {/* Each renders nothing when it has nothing to say; its slot then takes no gap. */}
        <div className="no-print dashboard__optional">
          <SetupChecklistCard />
        </div>
        <div className="no-print dashboard__optional">
          <RotaHealth />
        </div>
        <div className="no-print">
          <DashboardSummaryCards />
        </div>
        <MonthlyRota />
        <div id={CALENDAR_SUBSCRIPTION_ID} tabIndex={-1} className="no-print hash-target">
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
