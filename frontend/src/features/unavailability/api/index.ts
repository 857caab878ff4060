import { generatedApi } from './unavailability.gen';

/**
 * docs/product.md#talking-to-the-server: adding unavailability cancels the person's duties in the period (and auto-fill may
 * give them to others), so it refreshes the unavailability list, the rota, the dashboard, the
 * statistics, the cancel requests (where the removed duties are recorded) and the activity log.
 */
export const unavailabilityApi = generatedApi.enhanceEndpoints({
  addTagTypes: ['rota', 'dashboard', 'statistics', 'requests', 'audit'],
  endpoints: {
    createUnavailability: {
      invalidatesTags: ['unavailability', 'rota', 'dashboard', 'statistics', 'requests', 'audit'],
    },
    // New dates may cover duties, which are cancelled and refilled as when a period is added.
    updateUnavailability: {
      invalidatesTags: ['unavailability', 'rota', 'dashboard', 'statistics', 'requests', 'audit'],
    },
    deleteUnavailability: { invalidatesTags: ['unavailability', 'audit'] },
    // A weekly commitment takes the person off the duties it covers, like a period.
    createRecurringUnavailability: {
      invalidatesTags: ['unavailability', 'rota', 'dashboard', 'statistics', 'requests', 'audit'],
    },
    deleteRecurringUnavailability: { invalidatesTags: ['unavailability', 'audit'] },
  },
});

export const {
  useCreateRecurringUnavailabilityMutation,
  useCreateUnavailabilityMutation,
  useDeleteRecurringUnavailabilityMutation,
  useDeleteUnavailabilityMutation,
  useGetRecurringUnavailabilityQuery,
  useGetStaffUnavailabilityQuery,
  useUpdateUnavailabilityMutation,
} = unavailabilityApi;

export type {
  CreateRecurringUnavailabilityDto,
  CreateUnavailabilityDto,
  RecurringUnavailabilityDto,
  RecurringUnavailabilityResultDto,
  TimetableWeek,
  UnavailabilityDto,
  UnavailabilityResultDto,
  UnavailabilityType,
  UpdateUnavailabilityDto,
} from './unavailability.gen';
