import { generatedApi } from './settings.gen';

/**
 * Fewer duty managers per day removes people from future days, so a settings change refreshes
 * the rota and every figure computed from it, and adds to the activity log.
 */
export const settingsApi = generatedApi.enhanceEndpoints({
  addTagTypes: ['rota', 'dashboard', 'statistics', 'audit'],
  endpoints: {
    saveSystemSettings: {
      invalidatesTags: ['settings', 'rota', 'dashboard', 'statistics', 'audit'],
    },
    // Spec §7: this one GET is retried, 3 times 1 second apart, before the card shows its error.
    getAutoApprovalSettings: { extraOptions: { maxRetries: 3 } },
    saveAutoApprovalSettings: { invalidatesTags: ['settings', 'audit'] },
  },
});

export const {
  useGetAutoApprovalSettingsQuery,
  useGetSystemSettingsQuery,
  useSaveAutoApprovalSettingsMutation,
  useSaveSystemSettingsMutation,
} = settingsApi;

export type {
  AutoApprovalSettingsDto,
  SaveAutoApprovalSettingsDto,
  SystemSettingsDto,
  SystemSettingsUpdateResultDto,
  UpdateSystemSettingsDto,
} from './settings.gen';
