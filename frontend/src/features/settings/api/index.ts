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
  },
});

export const { useGetSystemSettingsQuery, useSaveSystemSettingsMutation } = settingsApi;

export type {
  SystemSettingsDto,
  SystemSettingsUpdateResultDto,
  UpdateSystemSettingsDto,
} from './settings.gen';
