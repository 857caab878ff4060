import { generatedApi } from './rota.gen';

/**
 * docs/product.md#talking-to-the-server: a rota change refreshes the rota, the dashboard figures, the
 * duty statistics and the settings data, and adds to the activity log. The tags of other
 * features are named as strings; their queries provide them.
 */
const AFTER_ROTA_CHANGE = ['rota', 'dashboard', 'statistics', 'settings', 'audit'] as const;

/**
 * An assignment refused with 409 (Duplicate assignment, Slots full) means the screen showed an
 * out-of-date day: someone else changed the rota. Refetching shows what it is now, and the
 * figures computed from it.
 */
const afterAssignment = (_result: unknown, error: unknown) => {
  if (!error) return [...AFTER_ROTA_CHANGE];
  return (error as { status?: unknown }).status === 409
    ? ['rota' as const, 'dashboard' as const, 'statistics' as const]
    : [];
};

export const rotaApi = generatedApi.enhanceEndpoints({
  addTagTypes: ['dashboard', 'statistics', 'settings', 'audit'],
  endpoints: {
    createRota: { invalidatesTags: afterAssignment },
    updateRota: { invalidatesTags: afterAssignment },
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
