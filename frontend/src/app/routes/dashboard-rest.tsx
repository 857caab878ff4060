import { Flex } from 'antd';
import { lazy, Suspense } from 'react';

// The card itself, not the audit feature's route module: that module also holds the Activity
// page, whose table would become part of the dashboard's first download.
import { RecentActivity } from '@/features/audit/components/recent-activity';
import { DashboardSummaryCards, DutyStatisticsCard } from '@/features/dashboard/routes';
import { useScrollToHash } from '@/shared/ui/scroll-to-hash';

import { MonthlyRotaWithDialog } from '../duty-dialog/monthly-rota-with-dialog';

// Below the month: its inputs, alerts and copy buttons load after the dashboard's first screen.
const CalendarSubscriptionCard = lazy(async () => ({
  default: (await import('@/features/calendar/routes')).CalendarSubscriptionCard,
}));

/** Where the first-run checklist's "Subscribe to the calendar" leads (/#calendar-subscription). */
const CALENDAR_SUBSCRIPTION_ID = 'calendar-subscription';

/** The summary strip, the month, the calendar subscription, then the activity and statistics. */
export function DashboardRest() {
  // Here, with the calendar subscription card it may lead to.
  useScrollToHash();
  return (
    <>
      <div className="no-print">
        <DashboardSummaryCards />
      </div>
      <MonthlyRotaWithDialog />
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
    </>
  );
}
