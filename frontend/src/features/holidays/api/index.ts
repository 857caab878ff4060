import { generatedApi } from './holidays.gen';

/**
 * Every holiday change is also a new entry in the activity log, so it invalidates that too, and
 * changes the school days the dashboard counts. Other features' tags are named as strings.
 */
export const holidaysApi = generatedApi.enhanceEndpoints({
  addTagTypes: ['audit', 'dashboard'],
  endpoints: {
    createHoliday: { invalidatesTags: ['holidays', 'audit', 'dashboard'] },
    updateHoliday: { invalidatesTags: ['holidays', 'audit', 'dashboard'] },
    deleteHoliday: { invalidatesTags: ['holidays', 'audit', 'dashboard'] },
    addBankHolidays: { invalidatesTags: ['holidays', 'audit', 'dashboard'] },
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
