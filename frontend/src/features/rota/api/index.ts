import { generatedApi } from './rota.gen';

/**
 * Spec §7 "Refresh after changes": a rota change refreshes the rota, the dashboard figures, the
 * duty statistics and the settings data, and adds to the activity log. The tags of other
 * features are named as strings; their queries provide them.
 */
const AFTER_ROTA_CHANGE = ['rota', 'dashboard', 'statistics', 'settings', 'audit'] as const;

export const rotaApi = generatedApi.enhanceEndpoints({
  addTagTypes: ['dashboard', 'statistics', 'settings', 'audit'],
  endpoints: {
    createRota: { invalidatesTags: [...AFTER_ROTA_CHANGE] },
    updateRota: { invalidatesTags: [...AFTER_ROTA_CHANGE] },
    reshuffleFuture: { invalidatesTags: [...AFTER_ROTA_CHANGE] },
    fillUnassigned: { invalidatesTags: [...AFTER_ROTA_CHANGE] },
    clearFuture: { invalidatesTags: [...AFTER_ROTA_CHANGE] },
  },
});

export const {
  useClearFutureMutation,
  useCreateRotaMutation,
  useFillUnassignedMutation,
  useGetCurrentWeekQuery,
  useGetRotaQuery,
  useReshuffleFutureMutation,
  useUpdateRotaMutation,
} = rotaApi;

export type {
  AcademicYearDto,
  BulkRotaResultDto,
  CurrentWeekDto,
  RotaDayDto,
  RotaPersonDto,
  RotaSlotDto,
} from './rota.gen';
