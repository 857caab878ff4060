import { generatedApi } from './dashboard.gen';

/**
 * The Dashboard's figures and first-run checklist are computed from other features' data, so
 * their queries provide those features' tags: whoever changes the rota, the staff, the requests,
 * the holidays or the settings invalidates what they changed, and these refetch
 * (docs/product.md#talking-to-the-server). The figures count this month's duties per active
 * person (rota, staff), the pending requests, and the empty slots of the week's school days
 * (holidays, and settings for the slots per day); the checklist's steps read the staff, the term
 * dates and bank holidays, and whether anyone is on duty.
 */
export const dashboardApi = generatedApi.enhanceEndpoints({
  addTagTypes: ['rota', 'staff', 'requests', 'holidays', 'settings'],
  endpoints: {
    getDashboardStats: {
      providesTags: ['dashboard', 'rota', 'staff', 'requests', 'holidays', 'settings'],
    },
    getSetupChecklist: { providesTags: ['dashboard', 'staff', 'holidays', 'rota'] },
  },
});

export const { useGetDashboardStatsQuery, useGetSetupChecklistQuery } = dashboardApi;

export type {
  ActiveStaffCountDto,
  DashboardStatsDto,
  SetupChecklistDto,
  SetupStep,
  SetupStepDto,
} from './dashboard.gen';
