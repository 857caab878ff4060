import { generatedApi } from './holidays.gen';

/**
 * Every holiday change is also a new entry in the activity log, so it invalidates that too. The
 * tag is named as a string: the audit feature owns the query, and features never import each
 * other.
 */
export const holidaysApi = generatedApi.enhanceEndpoints({
  addTagTypes: ['audit'],
  endpoints: {
    createHoliday: { invalidatesTags: ['holidays', 'audit'] },
    updateHoliday: { invalidatesTags: ['holidays', 'audit'] },
    deleteHoliday: { invalidatesTags: ['holidays', 'audit'] },
    addBankHolidays: { invalidatesTags: ['holidays', 'audit'] },
  },
});

export const {
  useAddBankHolidaysMutation,
  useCreateHolidayMutation,
  useDeleteHolidayMutation,
  useGetHolidaysQuery,
  useUpdateHolidayMutation,
} = holidaysApi;

export type { HolidayDto, HolidayType, SaveHolidayDto } from './holidays.gen';
