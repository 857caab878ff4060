// The generated query provides the 'dashboard' tag; rota, staff, holiday and settings changes
// invalidate it by name.
export { generatedApi as dashboardApi, useGetDashboardStatsQuery } from './dashboard.gen';
export type { ActiveStaffCountDto, DashboardStatsDto } from './dashboard.gen';
