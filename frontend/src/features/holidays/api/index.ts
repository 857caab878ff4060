import { generatedApi } from './holidays.gen';

/**
 * Every holiday change is also a new entry in the activity log, so it invalidates that too. The
 * queries that read the school days (the rota's health check and closures, the Dashboard, the
 * statistics) provide the 'holidays' tag, so they refetch. Adding or changing holidays, adding
 * bank holidays and saving term dates also take people off the days they close
 * (docs/product.md#the-rota-stays-true): they change the rota, so they invalidate it too.
 * Deleting a holiday fills its days again on the planned rota, so it invalidates the rota too.
 * Adding another region's bank holidays changes the organisation's region, which the signed-in
 * user ('auth') carries. Other features' tags are named as strings: their queries provide them.
 */
const AFTER_HOLIDAY_CHANGE = ['holidays', 'audit', 'rota'] as const;

export const holidaysApi = generatedApi.enhanceEndpoints({
  addTagTypes: ['audit', 'auth', 'rota'],
  endpoints: {
    createHoliday: { invalidatesTags: [...AFTER_HOLIDAY_CHANGE] },
    updateHoliday: { invalidatesTags: [...AFTER_HOLIDAY_CHANGE] },
    deleteHoliday: { invalidatesTags: [...AFTER_HOLIDAY_CHANGE] },
    addBankHolidays: { invalidatesTags: [...AFTER_HOLIDAY_CHANGE, 'auth'] },
    saveTermDates: { invalidatesTags: [...AFTER_HOLIDAY_CHANGE] },
  },
});

export const {
  useAddBankHolidaysMutation,
  useGetAcademicYearsQuery,
  useCreateHolidayMutation,
  useDeleteHolidayMutation,
  useGetHolidaysQuery,
  useGetTermDatesQuery,
  usePreviewBankHolidaysQuery,
  usePreviewHolidayChangeMutation,
  usePreviewHolidayMutation,
  useSaveTermDatesMutation,
  useUpdateHolidayMutation,
} = holidaysApi;

export type {
  AcademicYearOptionDto,
  AcademicYearsDto,
  AddBankHolidaysResultDto,
  BankHolidayPreviewDto,
  BankHolidaysPreviewDto,
  HolidayDto,
  HolidayType,
  Region,
  RotaChangeDto,
  SavedHolidayDto,
  SavedTermDatesDto,
  SaveHolidayDto,
  TermDatesDto,
  TermDto,
  TermName,
  TermProposalSource,
} from './holidays.gen';
