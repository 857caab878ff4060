// The generated queries provide the 'dashboard' tag; rota, staff, holiday and settings changes
// invalidate it by name, which also ticks the first-run checklist's steps.
export {
  generatedApi as dashboardApi,
  useGetDashboardStatsQuery,
  useGetSetupChecklistQuery,
} from './dashboard.gen';
export type {
  ActiveStaffCountDto,
  DashboardStatsDto,
  SetupChecklistDto,
  SetupStep,
  SetupStepDto,
} from './dashboard.gen';
