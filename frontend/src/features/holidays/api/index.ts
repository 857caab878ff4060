import { generatedApi } from './holidays.gen';

/**
 * Every holiday change is also a new entry in the activity log, so it invalidates that too, and
 * changes the school days the dashboard counts. Adding or changing holidays, adding bank holidays
 * and saving term dates take people off the days they close (docs/product.md#the-rota-stays-true),
 * so they also refresh the rota (its health check among it: the days that need someone) and the
 * figures computed from it; the first-run checklist is a dashboard query. Deleting a holiday puts
 * nobody back, but its days become school days that need someone. Adding another region's bank
 * holidays changes the organisation's region, which the signed-in user ('auth') carries. Other
 * features' tags are named as strings: their queries provide them.
 */
const AFTER_HOLIDAY_CHANGE = ['holidays', 'audit', 'dashboard', 'rota', 'statistics'] as const;

export const holidaysApi = generatedApi.enhanceEndpoints({
  addTagTypes: ['audit', 'auth', 'dashboard', 'rota', 'statistics'],
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
