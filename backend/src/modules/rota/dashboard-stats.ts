import { preparedStatement } from '../../database/prepared-read';
import { addDays, isWeekday, mondayOf } from '../../common/clock/academic-year';
import type { IsoDate } from '../../common/clock/clock';
import { TenantContext } from '../../tenancy/tenant-context';
import { dutyManagerIdOf } from '../duties/duty-manager-sql';
import type { ActiveStaffCountDto } from './dto/active-staff-count.dto';
import type { DashboardStatsDto } from './dto/dashboard-stats.dto';

/**
 * The dates the dashboard counts for `today`: this week (Monday to Friday; on a Saturday or
 * Sunday the coming one, since the week just past is over) and this month.
 */
export interface DashboardPeriod {
  weekStart: IsoDate;
  weekEnd: IsoDate;
  /** `yyyy-MM`. */
  month: string;
  monthStart: IsoDate;
  monthEnd: IsoDate;
}

/**
 * The last period worked out, for the day it was for: every dashboard request of a day asks for
 * the same one, and the date arithmetic (string dates through Date) was about 2 % of the app's CPU
 * per dashboard request under bench/api.
 */
let last: { today: IsoDate; period: Readonly<DashboardPeriod> } | undefined;

export function dashboardPeriod(today: IsoDate): Readonly<DashboardPeriod> {
  if (last?.today !== today) last = { today, period: Object.freeze(periodOf(today)) };
  return last.period;
}

function periodOf(today: IsoDate): DashboardPeriod {
  const weekStart = isWeekday(today) ? mondayOf(today) : addDays(mondayOf(today), 7);
  const month = today.slice(0, 7);
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const nextMonthStart = monthNumber === 12 ? `${year + 1}-01-01` : `${year}-${String(monthNumber + 1).padStart(2, '0')}-01`;
  return { weekStart, weekEnd: addDays(weekStart, 4), month, monthStart: `${month}-01`, monthEnd: addDays(nextMonthStart, -1) };
}

/**
 * Pending requests the dashboard counts: all of the organisation's, or (staff, who see only their
 * own on the request pages) those naming the user's staff record.
 */
const pendingSql = (own: boolean) =>
  `(select count(*) from swap_requests r
                 where r.organization_id = ? and r.status = 'pending'
                   ${own ? 'and exists (select 1 from staff st where st.id in (r.requester_id, r.target_id) and st.user_id = ?)' : ''}) as pending_swaps,
         (select count(*) from cancel_requests r
                 where r.organization_id = ? and r.status = 'pending'
                   ${own ? 'and exists (select 1 from staff st where st.id = r.staff_id and st.user_id = ?)' : ''}) as pending_cancellations`;

/**
 * Every figure of the dashboard (of the Duty Manager duty) in one statement (one round trip, one pool connection), each part
 * on an index of its table: the settings' people per day; this week's filled slots and school
 * days (weekdays that are no holiday, and in term time when their academic year has term dates,
 * as SchoolCalendar.closuresBetween counts them); this month's duties per active staff member (0 included),
 * aggregated here to the count, the total and the most and least active; the pending requests.
 * Most active: most duties, then first by name as the database sorts; least active: fewest, then
 * first by name in code-point order (`collate "C"`, as JavaScript's `<` compares).
 * Parameters: `dashboardStatsParams`.
 *
 * It joins staff, settings and holidays (modules before rota: allowed) and counts the pending
 * swap and cancel requests, which are the requests module's, after rota in MODULE_ORDER: a listed
 * exception in test/table-owners.int-spec.ts, kept so the dashboard stays one round trip.
 */
const dashboardStatsSql = (own: boolean) => `
  with month_counts as (
    select st.name, coalesce(c.n, 0) as n
      from staff st
      left join (select staff_id, count(*) as n
                   from rota_slots
                  where organization_id = ? and duty_id = ${dutyManagerIdOf('?')} and date between ? and ?
                  group by staff_id) c on c.staff_id = st.id
     where st.organization_id = ? and st.is_active
  )
  select (select duty_managers_per_day from system_settings where organization_id = ?) as slots_per_day,
         (select count(*) from rota_slots where organization_id = ? and duty_id = ${dutyManagerIdOf('?')} and date between ? and ?) as filled,
         (select count(*) from generate_series(?::date, ?::date, interval '1 day') as g(day)
           where not exists (select 1 from holidays h where h.organization_id = ? and g.day between h.start_date and h.end_date)
             and (
               -- A year without term dates counts every weekday as term time.
               not exists (select 1 from terms t where t.organization_id = ?
                              and t.academic_year = extract(year from g.day - interval '8 months'))
               or exists (select 1 from terms t where t.organization_id = ?
                             and g.day between t.start_date and t.end_date
                             and not coalesce(g.day between t.half_term_start and t.half_term_end, false))
             )
         ) as school_days,
         (select count(*) from month_counts) as active_staff,
         (select coalesce(sum(n), 0) from month_counts) as total_duties,
         (select json_build_object('name', name, 'count', n) from month_counts order by n desc, name limit 1) as most_active,
         (select json_build_object('name', name, 'count', n) from month_counts order by n, name collate "C" limit 1) as least_active,
         ${pendingSql(own)}`;

/** For those who see every request (`requests.decide`). */
export const DASHBOARD_STATS_SQL = dashboardStatsSql(false);
/** For staff: the pending requests are their own. */
export const DASHBOARD_STATS_OWN_SQL = dashboardStatsSql(true);
/** The two as the prepared statements the dashboard runs (prepared-read.ts). */
export const DASHBOARD_STATS = preparedStatement('dashboard_stats', DASHBOARD_STATS_SQL);
export const DASHBOARD_STATS_OWN = preparedStatement('dashboard_stats_own', DASHBOARD_STATS_OWN_SQL);

/** The parameters of DASHBOARD_STATS_SQL, or with `ownUserId` of DASHBOARD_STATS_OWN_SQL, for the current organisation. */
export function dashboardStatsParams(period: DashboardPeriod, ownUserId?: string): string[] {
  const org = TenantContext.require();
  const { weekStart, weekEnd, monthStart, monthEnd } = period;
  const own = ownUserId === undefined ? [] : [ownUserId];
  return [org, org, monthStart, monthEnd, org, org, org, org, weekStart, weekEnd, weekStart, weekEnd, org, org, org, org, ...own, org, ...own];
}

/** The row of DASHBOARD_STATS_SQL (counts come as strings: bigint and numeric). */
export interface DashboardStatsRow {
  slots_per_day: number | null;
  filled: string;
  school_days: string;
  active_staff: string;
  total_duties: string;
  most_active: ActiveStaffCountDto | null;
  least_active: ActiveStaffCountDto | null;
  pending_swaps: string;
  pending_cancellations: string;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/** The API's dashboard figures; `defaultSlotsPerDay` when the organisation has no settings row yet. */
export function toDashboardStats(row: DashboardStatsRow, period: DashboardPeriod, defaultSlotsPerDay: number): DashboardStatsDto {
  const filled = Number(row.filled);
  const slotsPerDay = row.slots_per_day ?? defaultSlotsPerDay;
  const activeStaffCount = Number(row.active_staff);
  const totalDuties = Number(row.total_duties);
  return {
    // Absent when nobody is on duty this week at all.
    unfilled: filled === 0 ? undefined : Math.max(0, Number(row.school_days) * slotsPerDay - filled),
    activeStaffCount,
    pendingSwaps: Number(row.pending_swaps),
    pendingCancellations: Number(row.pending_cancellations),
    // Nobody is "most active" in a month without duties.
    mostActive: totalDuties > 0 && row.most_active ? row.most_active : undefined,
    leastActive: row.least_active ?? undefined,
    averageDuties: activeStaffCount ? round1(totalDuties / activeStaffCount) : 0,
    totalDuties,
    month: period.month,
    weekStart: period.weekStart,
    weekEnd: period.weekEnd,
  };
}
