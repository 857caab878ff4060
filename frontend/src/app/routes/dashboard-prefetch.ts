import { auditApi } from '@/features/audit/api';
import { RECENT_ACTIVITY_COUNT } from '@/features/audit/components/recent-activity';
import { calendarApi } from '@/features/calendar/api';
import { dashboardApi } from '@/features/dashboard/api';
import { holidaysApi } from '@/features/holidays/api';
import { requestsApi } from '@/features/requests/api';
import { rotaApi } from '@/features/rota/api';
import { monthKeyOf, monthRange } from '@/features/rota/lib/rota-calendar';
import type { Access } from '@/shared/auth/access';

import type { AppDispatch } from '../store';

/** The Recent Activity card's page of the activity log. */
const RECENT_ACTIVITY = { page: 1, pageSize: RECENT_ACTIVITY_COUNT };

/**
 * Everything the Dashboard's sections ask for, asked at once as soon as the session is known,
 * with the same arguments the sections use, so each finds its answer in the cache. Asked by the
 * sections themselves, they went out one after another as each part rendered — the checklist,
 * then the top, then the summary strip and the month, then the month's rota once the current
 * week had said which month, then the calendar card's code and its request: five round trips
 * after the user was known, most of the 2-4 s a first Dashboard took to settle
 *.
 */
export function prefetchDashboard(dispatch: AppDispatch, access: Access): void {
  if (access.status !== 'ready') return;
  void dispatch(dashboardApi.util.prefetch('getDashboardStats', undefined, {}));
  void dispatch(requestsApi.util.prefetch('getSwapRequests', undefined, {}));
  void dispatch(calendarApi.util.prefetch('getCalendarSubscription', undefined, {}));
  if (access.can('audit.view'))
    void dispatch(auditApi.util.prefetch('getAuditLog', RECENT_ACTIVITY, {}));
  // The month opens on today's, which the server's current week names.
  void dispatch(rotaApi.endpoints.getCurrentWeek.initiate(undefined, { subscribe: false }))
    .unwrap()
    .then((week) => {
      const range = monthRange(monthKeyOf(week.today));
      void dispatch(rotaApi.util.prefetch('getRota', range, {}));
      void dispatch(holidaysApi.util.prefetch('getHolidays', range, {}));
    })
    // The sections ask again, and show the failure, when they render.
    .catch(() => undefined);
  // The calendar card's code is loaded lazily below the month: fetched now, beside its data.
  void import('@/features/calendar/routes').catch(() => undefined);
}
