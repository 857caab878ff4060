import { Flex } from 'antd';
import { lazy, Suspense, useEffect } from 'react';
import { Link } from 'react-router';

import { VerifyEmailReminder } from '@/features/auth/components/verify-email-reminder';
import { useCurrentUser } from '@/features/auth/session/session';
import { useGetSetupChecklistQuery } from '@/features/dashboard/api';
import { useGetDutiesQuery } from '@/features/duties/api';
import { SetupChecklistCard } from '@/features/dashboard/components/setup-checklist-card';
import { SETUP_CHECKLIST_PERMISSION } from '@/features/dashboard/lib/setup-steps';
import { WaitingForAnswer } from '@/features/requests/components/waiting-for-answer';
import { TodayLink } from '@/features/today/components/today-link';
import { useCan } from '@/shared/auth/access';
import { useAfterFirstCommit } from '@/shared/lib/after-first-commit';
import { preloadable } from '@/shared/lib/preloadable';
import { PageTitle } from '@/shared/ui/page-title';
import { Title } from '@/shared/ui/typography';
import { useIsPhone } from '@/shared/ui/use-is-phone';

import { DashboardSectionsSkeleton, DashboardSkeleton } from './dashboard-skeleton';
import { FairnessHint } from '@/features/dashboard/components/fairness-hint';

// The summary strip, the month and the cards under it, rendered after the first screen's top (see
// DashboardPage): their code (the month's grid, its toolbar's export menu, the activity and
// statistics cards) is requested when the page first renders and was a sixth of the page's first
// download; its skeleton holds their place until it has come.
const { Component: DashboardRest, preload: loadDashboardRest } = preloadable(
  async () => (await import('./dashboard-rest')).DashboardRest,
);

// For managers (the rota's health) only, and shown once its data has come: its code loads beside
// it rather than in everyone's first download.
const RotaHealth = lazy(async () => ({
  default: (await import('@/features/dashboard/components/rota-health')).RotaHealth,
}));

/**
 * Whether an admin's first-run checklist has its answer; until then the page shows its skeleton.
 * Shown as soon as the rest was ready, the checklist (then a lazily loaded section) came a moment
 * later and pushed the whole page down (Lighthouse desktop CLS 0.079, up to 0.4 on a loaded
 * machine), and it was the largest paint. Its code now comes with the page's (a few KB); the page
 * renders hidden meanwhile, so the other sections' requests go out alongside its own. A failed
 * request shows the card's own error.
 */
function useSetupChecklistSettled(isAdmin: boolean): boolean {
  return !useGetSetupChecklistQuery(undefined, { skip: !isAdmin }).isLoading;
}

// For managers of a school that runs more than the Duty Manager duty: every other duty's health.
const OtherDutiesHealth = lazy(async () => ({
  default: (await import('@/features/dashboard/components/other-duties-health')).OtherDutiesHealth,
}));

/**
 * Whether the signed-in person may change the rota of a school that runs more than the Duty
 * Manager duty (docs/product.md#duties): only then has the Dashboard the other duties' health. A
 * school that runs only the Duty Manager duty sees today's Dashboard, without even asking.
 */
function useOtherDutiesShown(): boolean {
  const canManage = useCan('rota.manage');
  const duties = useGetDutiesQuery(undefined, { skip: !canManage });
  return canManage && (duties.data?.length ?? 0) > 1;
}

// On a phone only, and for someone with duties of their own: loaded when it is shown.
const NextDutiesCard = lazy(async () => ({
  default: (await import('@/features/my-rota/components/next-duties-card')).NextDutiesCard,
}));

/**
 * Until the signed-in person's address is verified, what verifying is for and a resend
 * (docs/product.md#accounts-and-sign-in): the admin who registered signs in at once, unverified.
 */
function VerifyEmailNotice() {
  const current = useCurrentUser();
  if (!current || current.user.emailVerified) return null;
  return (
    <VerifyEmailReminder
      email={current.user.email}
      organizationSubdomain={current.organization.subdomain}
      extra={<Link to="/account">Change the address</Link>}
    />
  );
}

/**
 * The Dashboard at / (docs/product.md#screens): an admin's first-run checklist and the rota's
 * health line for those who may change the rota (with the other duties' health when the school
 * runs more than the Duty Manager duty), the summary strip, the monthly rota, the
 * calendar subscription card, then the activity and duty statistics cards. On a phone, someone
 * with a staff record of their own sees their next duties first, and the month opens at this
 * week. It lives in src/app because it composes parts of several features.
 */
export function DashboardPage() {
  const isPhone = useIsPhone();
  const isAdmin = useCan(SETUP_CHECKLIST_PERMISSION);
  const settled = useSetupChecklistSettled(isAdmin);
  const otherDuties = useOtherDutiesShown();
  // The first screen's top (the heading, and what asks for attention) is committed and painted
  // on its own; the summary strip, the month and the cards below render next, in a transition.
  // Committed together, the whole page was one task of 150-250 ms on this VM, and an admin's
  // checklist, the largest paint, waited for all of it (docs/performance.md). (Not
  // useDeferredValue's initial value: inside the auth gate's deferred render it does not defer.)
  const showRest = useAfterFirstCommit();
  useEffect(() => {
    void loadDashboardRest();
  }, []);
  return (
    <>
      {!settled && <DashboardSkeleton />}
      <div hidden={!settled}>
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
            <VerifyEmailNotice />
          </div>
          <div className="no-print dashboard__optional">
            <TodayLink />
          </div>
          <div className="no-print dashboard__optional">{isAdmin && <SetupChecklistCard />}</div>
          <div className="no-print dashboard__optional">
            <Suspense fallback={null}>
              <RotaHealth />
            </Suspense>
          </div>
          {/* For whoever may change the rota: people far from their fair share, and Rebalance's changes (docs/product.md#bulk-tools). */}
          <div className="no-print dashboard__optional">
            <FairnessHint />
          </div>
          {otherDuties && (
            <div className="no-print dashboard__optional">
              <Suspense fallback={null}>
                <OtherDutiesHealth />
              </Suspense>
            </div>
          )}
          <div className="no-print dashboard__optional">
            <WaitingForAnswer />
          </div>
          {showRest ? (
            <Suspense fallback={<DashboardSectionsSkeleton />}>
              <DashboardRest />
            </Suspense>
          ) : (
            <DashboardSectionsSkeleton />
          )}
        </Flex>
      </div>
    </>
  );
}
