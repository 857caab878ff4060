import { dutiesApi } from '@/features/duties/api';
import { holidaysApi } from '@/features/holidays/api';
import { rotaApi } from '@/features/rota/api';
import { DUTY_VIEW_PARAM } from '@/features/rota/lib/duty-view';
import { weekDates } from '@/features/rota/lib/rota-calendar';
import { staffApi } from '@/features/staff/api';
import type { Access } from '@/shared/auth/access';
import { isIsoDate, parseDate, startOfWeek, toIsoDate } from '@/shared/lib/dates';

import type { AppDispatch } from '../store';

// What the Weekly Rota, the Today board and the Duties page ask for first, asked as soon as the
// session is known (AppPage.prefetch), with the arguments the pages use, so each finds its answer
// in the cache. Asked by the pages, the requests waited for the shell's and the page's code, and
// the week's for the current week's answer besides: on the all-duties grid, three round trips
// after the user was known before the grid was asked for. Loaded with the pages' code (a dynamic
// import in app-pages.tsx), so these APIs and dayjs stay out of the first download.

/**
 * The Weekly Rota's first requests (/rota, features/rota/pages/weekly-rota-page.tsx): the duties
 * and the current week, then for the week shown (`?week=`, else this one) its holidays, days out
 * of term and the rota of the duty in the address (`?duty=`), or the all-duties grid once the
 * duties say the school runs more than one.
 */
export function prefetchWeeklyRota(dispatch: AppDispatch, search: string): void {
  const params = new URLSearchParams(search);
  const view = params.get(DUTY_VIEW_PARAM);
  const linked = params.get('week');
  const duties = dispatch(dutiesApi.endpoints.getDuties.initiate(undefined, { subscribe: false }));
  const week = dispatch(rotaApi.endpoints.getCurrentWeek.initiate(undefined, { subscribe: false }));
  void week
    .unwrap()
    .then(async ({ weekStart }) => {
      const monday =
        linked && isIsoDate(linked) ? toIsoDate(startOfWeek(parseDate(linked))) : weekStart;
      const dates = weekDates(monday);
      const range = { startDate: dates[0] ?? monday, endDate: dates.at(-1) ?? monday };
      void dispatch(holidaysApi.util.prefetch('getHolidays', range, {}));
      void dispatch(rotaApi.util.prefetch('getRotaClosures', range, {}));
      // The page asks for a named duty's rota, and the grid, only once the duties are known; the
      // grid's page needs no duty's rota of its own.
      if (!view) {
        void dispatch(rotaApi.util.prefetch('getRota', range, {}));
        return;
      }
      const manyDuties = (await duties.unwrap()).length > 1;
      if (!manyDuties) void dispatch(rotaApi.util.prefetch('getRota', range, {}));
      else if (view === 'all') void dispatch(rotaApi.util.prefetch('getRotaGrid', range, {}));
    })
    // The page asks again, and shows the failure, when it renders.
    .catch(() => undefined);
}

/** The Today board's board (/today): today's, as the page asks for it. */
export function prefetchToday(dispatch: AppDispatch): void {
  void dispatch(rotaApi.util.prefetch('getTodayBoard', {}, {}));
}

/**
 * The Duties page's lists (/duties): the duties and the templates, and what the page shows beside
 * them to whoever may change it: the daily rules (`settings.manage`), the staff groups
 * (`staff.groups`).
 */
export function prefetchDuties(dispatch: AppDispatch, access: Access): void {
  if (access.status !== 'ready' || !access.can('duties.manage')) return;
  void dispatch(dutiesApi.util.prefetch('getDuties', undefined, {}));
  void dispatch(dutiesApi.util.prefetch('getDutyTemplates', undefined, {}));
  if (access.can('settings.manage'))
    void dispatch(dutiesApi.util.prefetch('getDutyRules', undefined, {}));
  if (access.can('staff.groups'))
    void dispatch(staffApi.util.prefetch('getStaffGroups', undefined, {}));
}
