import { generatedApi } from './unavailability.gen';

/**
 * docs/product.md#talking-to-the-server: adding unavailability cancels the person's duties in the
 * period (and auto-fill may give them to others), so it changes the unavailability list, the rota
 * (every query that reads it refetches: the Dashboard, the statistics), the cancel requests (where
 * the removed duties are recorded) and the activity log.
 */
const AFTER_DUTIES_CANCELLED = ['unavailability', 'rota', 'requests', 'audit'] as const;

export const unavailabilityApi = generatedApi.enhanceEndpoints({
  addTagTypes: ['rota', 'requests', 'audit'],
  endpoints: {
    createUnavailability: { invalidatesTags: [...AFTER_DUTIES_CANCELLED] },
    // New dates may cover duties, which are cancelled and refilled as when a period is added.
    updateUnavailability: { invalidatesTags: [...AFTER_DUTIES_CANCELLED] },
    deleteUnavailability: { invalidatesTags: ['unavailability', 'audit'] },
    // A weekly commitment takes the person off the duties it covers, like a period.
    createRecurringUnavailability: { invalidatesTags: [...AFTER_DUTIES_CANCELLED] },
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
