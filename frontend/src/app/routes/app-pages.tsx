import {
  BarChartOutlined,
  CalendarOutlined,
  ClockCircleOutlined,
  CloseCircleOutlined,
  DashboardOutlined,
  FileTextOutlined,
  HistoryOutlined,
  QrcodeOutlined,
  QuestionCircleOutlined,
  SafetyOutlined,
  ScheduleOutlined,
  SettingOutlined,
  SwapOutlined,
  UnorderedListOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { ComponentType, ReactNode } from 'react';

import { dashboardApi } from '@/features/dashboard/api';
import { SETUP_CHECKLIST_PERMISSION } from '@/features/dashboard/lib/setup-steps';
import { DUTIES_INTRO, DUTIES_TITLE } from '@/features/duties/lib/duties-texts';
import { WEEKLY_ROTA_INTRO, WEEKLY_ROTA_TITLE } from '@/features/rota/lib/weekly-rota-texts';
import { TODAY_TITLE } from '@/features/today/lib/today-texts';
import type { Access, Permission } from '@/shared/auth/access';

import type { AppDispatch } from '../store';

import { preloadable, type Preloadable } from '@/shared/lib/preloadable';

import { DashboardSkeleton } from './dashboard-skeleton';
import { PageSkeleton } from './page-skeleton';

/**
 * The signed-in app's pages as data (ant-design-pro style): the router builds its routes from
 * this list and the navigation bar its items, so the two cannot drift apart.
 */
export interface AppPage {
  /** Absolute path. */
  path: string;
  /** The label in the navigation bar. */
  name: string;
  /** The page's heading, where it differs from the navigation label (docs/product.md#screens). */
  title: string;
  icon: ReactNode;
  /** Reached from elsewhere (the header's Help link), not from the navigation bar. */
  hideInMenu?: boolean;
  /**
   * In the navigation bar only for whoever holds this permission (ant-design-pro's `access`);
   * the page itself still answers anyone else, with its Access Denied card.
   */
  access?: Permission;
  /**
   * In the navigation bar only where the school runs more than the Duty Manager duty
   * (docs/product.md#duties): a school with that duty alone keeps its navigation bar.
   */
  manyDutiesOnly?: boolean;
  /**
   * Loads the page's component on the first visit, so its code (usually a feature's route
   * module) is fetched only when needed.
   */
  load: () => Promise<ComponentType>;
  /**
   * Shown while `load` is on its way, in place of the generic full-page loader: the page's own
   * skeleton, so nothing flashes before it.
   */
  skeleton?: ReactNode;
  /**
   * Starts the request the page's first paint waits for, as soon as the session is known (the
   * gate calls it), so it travels while the shell's and the page's code load instead of after.
   */
  prefetch?: (dispatch: AppDispatch, access: Access) => void;
}

/** The Weekly Rota's, the Today board's and the Duties page's first requests (page-prefetch.ts). */
const pagePrefetch = () => import('./page-prefetch');

export const APP_PAGES: AppPage[] = [
  {
    path: '/',
    name: 'Dashboard',
    title: 'Dashboard',
    icon: <DashboardOutlined aria-hidden />,
    load: async () => (await import('./dashboard-page')).DashboardPage,
    skeleton: <DashboardSkeleton />,
    // An admin's page shows once the first-run checklist has its answer (its largest paint);
    // the other sections' requests go out beside it (dashboard-prefetch.ts, loaded with them so
    // their APIs stay out of the first download).
    prefetch: (dispatch, access) => {
      if (access.status === 'ready' && access.can(SETUP_CHECKLIST_PERMISSION))
        void dispatch(dashboardApi.util.prefetch('getSetupChecklist', undefined, {}));
      void import('./dashboard-prefetch')
        .then(({ prefetchDashboard }) => prefetchDashboard(dispatch, access))
        .catch(() => undefined);
    },
  },
  {
    // Before the Weekly Rota, whose path it extends: the page at its address is the poster.
    path: '/rota/poster',
    name: 'Poster',
    title: 'Poster',
    icon: <QrcodeOutlined aria-hidden />,
    // Reached from the Duties page's Poster action (docs/product.md#duties), not from the navigation bar.
    hideInMenu: true,
    load: async () => (await import('@/features/rota/routes')).DutyPosterPage,
  },
  {
    path: '/today',
    name: 'Today',
    title: 'Today',
    icon: <ClockCircleOutlined aria-hidden />,
    // docs/product.md#duties: in the navigation bar for admins and managers of a school that runs
    // more than the Duty Manager duty; everyone who may see it reaches it from the Dashboard too,
    // and the server answers anyone else 403.
    access: 'rota.manage',
    manyDutiesOnly: true,
    load: async () => (await import('@/features/today/routes')).TodayPage,
    skeleton: <PageSkeleton title={TODAY_TITLE} />,
    // Whoever may see the board finds it answered; anyone else, the 403 the page shows anyway.
    prefetch: (dispatch) => {
      void pagePrefetch()
        .then(({ prefetchToday }) => prefetchToday(dispatch))
        .catch(() => undefined);
    },
  },
  {
    // docs/product.md#drafts: a draft's page, reached from Rota Management's list of drafts.
    path: '/rota/drafts/:id',
    name: 'Draft',
    title: 'Draft',
    icon: <CalendarOutlined aria-hidden />,
    access: 'rota.manage',
    hideInMenu: true,
    load: async () => (await import('@/features/rota/routes')).DraftPage,
  },
  {
    path: '/rota',
    name: 'Weekly Rota',
    title: 'Weekly Rota',
    icon: <CalendarOutlined aria-hidden />,
    load: async () => (await import('./weekly-rota-page')).WeeklyRotaWithDialogsPage,
    skeleton: <PageSkeleton title={WEEKLY_ROTA_TITLE} intro={WEEKLY_ROTA_INTRO} />,
    prefetch: (dispatch) => {
      // The address at the time: the duty and the week it names choose the requests (not a
      // draft's page below /rota, which pageAt also finds here).
      const { pathname, search } = window.location;
      if (pathname !== '/rota') return;
      void pagePrefetch()
        .then(({ prefetchWeeklyRota }) => prefetchWeeklyRota(dispatch, search))
        .catch(() => undefined);
    },
  },
  {
    path: '/duties',
    name: 'Duties',
    title: 'Duties',
    icon: <UnorderedListOutlined aria-hidden />,
    // Admins and managers define the school's duties; the groups they may name sit beside them
    // (composed in src/app).
    access: 'duties.manage',
    load: async () => (await import('./duties-page')).DutiesWithGroupsPage,
    skeleton: <PageSkeleton title={DUTIES_TITLE} intro={DUTIES_INTRO} />,
    prefetch: (dispatch, access) => {
      void pagePrefetch()
        .then(({ prefetchDuties }) => prefetchDuties(dispatch, access))
        .catch(() => undefined);
    },
  },
  {
    path: '/statistics',
    name: 'Statistics',
    title: 'Statistics',
    icon: <BarChartOutlined aria-hidden />,
    load: async () => (await import('@/features/statistics/routes')).StatisticsPage,
  },
  {
    path: '/holidays',
    name: 'Holidays',
    title: 'Holiday Management',
    icon: <ScheduleOutlined aria-hidden />,
    load: async () => (await import('@/features/holidays/routes')).HolidaysPage,
  },
  {
    path: '/swaps',
    name: 'Swap Requests',
    title: 'Swap Requests',
    icon: <SwapOutlined aria-hidden />,
    load: async () => (await import('@/features/requests/routes')).SwapRequestsPage,
  },
  {
    path: '/cancel-requests',
    name: 'Cancel Requests',
    title: 'Cancel Requests',
    icon: <CloseCircleOutlined aria-hidden />,
    load: async () => (await import('@/features/requests/routes')).CancelRequestsPage,
  },
  {
    path: '/my-rota',
    name: 'My Rota',
    title: 'My Rota',
    icon: <UserOutlined aria-hidden />,
    // My Rota with the unavailability section of the unavailability feature (composed in src/app).
    load: async () => (await import('./my-rota-page')).MyRotaWithUnavailabilityPage,
  },
  {
    path: '/instructions',
    name: 'Instructions',
    title: 'Instructions',
    icon: <FileTextOutlined aria-hidden />,
    load: async () => (await import('@/features/instructions/routes')).InstructionsPage,
  },
  {
    path: '/staff',
    name: 'Admin',
    title: 'Admin Panel',
    icon: <SettingOutlined aria-hidden />,
    access: 'admin.panel',
    load: async () => (await import('./admin-panel-page')).AdminPanelPage,
  },
  {
    path: '/activity',
    name: 'Activity',
    title: 'Activity',
    icon: <HistoryOutlined aria-hidden />,
    // Linked from the Admin Panel, not from the navigation bar (docs/product.md#screens).
    hideInMenu: true,
    load: async () => (await import('@/features/audit/routes')).ActivityPage,
  },
  {
    path: '/account',
    name: 'Account',
    title: 'Account',
    icon: <SafetyOutlined aria-hidden />,
    // Reached from the header's Account link.
    hideInMenu: true,
    load: async () => (await import('./account-page')).AccountPage,
  },
  {
    path: '/help',
    name: 'Help',
    title: 'Help',
    icon: <QuestionCircleOutlined aria-hidden />,
    hideInMenu: true,
    load: async () => (await import('@/features/help/routes')).HelpPage,
  },
];

export const MENU_PAGES = APP_PAGES.filter((page) => !page.hideInMenu);

/** Whether `page` is the one shown at `pathname`, counting its sub-paths (e.g. /staff/42). */
export function isCurrentPage(page: AppPage, pathname: string): boolean {
  if (page.path === '/') return pathname === '/';
  return pathname === page.path || pathname.startsWith(`${page.path}/`);
}

/** The page at `pathname`, if it is one of APP_PAGES. */
export function pageAt(pathname: string): AppPage | undefined {
  return APP_PAGES.find((page) => isCurrentPage(page, pathname));
}

const pageComponents = new Map<AppPage, Preloadable>();

/**
 * The page's component for the router, and a way to load its code before the route renders it
 * (the auth gate does, for the page at the address, while it checks the session).
 */
export function pageComponent(page: AppPage): Preloadable {
  let component = pageComponents.get(page);
  if (!component) {
    component = preloadable(page.load);
    pageComponents.set(page, component);
  }
  return component;
}
