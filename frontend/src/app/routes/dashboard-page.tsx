import { Flex } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';

// The card itself, not the audit feature's route module: that module also holds the Activity
// page, whose table would become part of the dashboard's first download.
import { RecentActivity } from '@/features/audit/components/recent-activity';
import { useGetSetupChecklistQuery } from '@/features/dashboard/api';
import { DashboardSummaryCards, DutyStatisticsCard } from '@/features/dashboard/routes';
import { WaitingForAnswer } from '@/features/requests/components/waiting-for-answer';
import { MonthlyRota } from '@/features/rota/routes';
import { useCan } from '@/shared/auth/access';
import { PageTitle } from '@/shared/ui/page-title';
import { useScrollToHash } from '@/shared/ui/scroll-to-hash';
import { Title } from '@/shared/ui/typography';
import { useIsPhone } from '@/shared/ui/use-is-phone';

import { DashboardSkeleton } from './dashboard-skeleton';

// Below the month: its inputs, alerts and copy buttons load after the dashboard's first screen.
const CalendarSubscriptionCard = lazy(async () => ({
  default: (await import('@/features/calendar/routes')).CalendarSubscriptionCard,
}));

// For managers (the rota's health) only, and shown once its data has come: its code loads beside
// it rather than in everyone's first download.
const RotaHealth = lazy(async () => ({
  default: (await import('@/features/dashboard/components/rota-health')).RotaHealth,
}));

// For admins only: the first-run checklist, at the top of the page.
type SetupChecklistModule = typeof import('@/features/dashboard/components/setup-checklist-card');
let setupChecklistModule: SetupChecklistModule | undefined;
const loadSetupChecklist = async () =>
  (setupChecklistModule ??= await import('@/features/dashboard/components/setup-checklist-card'));

/**
 * Whether an admin's checklist is ready to take its place: its code loaded and its answer in.
 * Until then the page shows its skeleton. Shown as soon as the rest was ready, the checklist came
 * a moment later and pushed the whole page down (Lighthouse CLS 0.08 to 0.3 on a new school's
 * Dashboard, where it is also the largest paint); the rest of the page loads meanwhile.
 */
function useSetupChecklistReady(isAdmin: boolean): boolean {
  const checklist = useGetSetupChecklistQuery(undefined, { skip: !isAdmin });
  const [loaded, setLoaded] = useState(setupChecklistModule !== undefined);
  useEffect(() => {
    if (!isAdmin || loaded) return;
    let current = true;
    // A failed download shows the page without the checklist, as a failed lazy section would not.
    void loadSetupChecklist()
      .catch(() => undefined)
      .then(() => current && setLoaded(true));
    return () => {
      current = false;
    };
  }, [isAdmin, loaded]);
  return !isAdmin || (loaded && !checklist.isLoading);
}

// On a phone only, and for someone with duties of their own: loaded when it is shown.
const NextDutiesCard = lazy(async () => ({
  default: (await import('@/features/my-rota/components/next-duties-card')).NextDutiesCard,
}));

/** Where the first-run checklist's "Subscribe to the calendar" leads (/#calendar-subscription). */
const CALENDAR_SUBSCRIPTION_ID = 'calendar-subscription';

/**
 * The Dashboard at / (docs/product.md#screens): an admin's first-run checklist and the rota's
 * health line for those who may change the rota, the summary strip, the monthly rota, the
 * calendar subscription card, then the activity and duty statistics cards. On a phone, someone
 * with a staff record of their own sees their next duties first, and the month opens at this
 * week. It lives in src/app because it composes parts of several features.
 */
export function DashboardPage() {
  useScrollToHash();
  const isPhone = useIsPhone();
  const isAdmin = useCan('settings.manage');
  const checklistReady = useSetupChecklistReady(isAdmin);
  if (!checklistReady) return <DashboardSkeleton />;
  const SetupChecklistCard = isAdmin ? setupChecklistModule?.SetupChecklistCard : undefined;
  return (
    <>
      <PageTitle title="Dashboard" />
      <Title level={1} style={{ marginTop: 0 }} className="no-print">
        Dashboard
      </Title>
      <Flex vertical gap="large">
        {/* Each renders nothing when it has nothing to say; its slot then takes no gap. */}
        {isPhone && (
          <div className="no-print dashboard__optional">
            <Suspense fallback={null}>
              <NextDutiesCard />
            </Suspense>
          </div>
        )}
        <div className="no-print dashboard__optional">
          {SetupChecklistCard && <SetupChecklistCard />}
        </div>
        <div className="no-print dashboard__optional">
          <Suspense fallback={null}>
            <RotaHealth />
          </Suspense>
        </div>
        <div className="no-print dashboard__optional">
          <WaitingForAnswer />
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
