import { generatedApi } from './rota.gen';

/**
 * docs/product.md#talking-to-the-server: a rota change refreshes the rota (and with it the health
 * check and the candidates, which provide the same tag), the dashboard figures, the duty
 * statistics and the settings data, and adds to the activity log. The tags of other features are
 * named as strings; their queries provide them.
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

/**
 * A direct edit (docs/product.md#editing-the-rota-directly) also keeps the person taken off the day
 * in their history as an approved cancellation, so the request lists refresh too.
 */
const afterEdit = (result: unknown, error: unknown) => {
  const tags = afterAssignment(result, error);
  return error ? tags : [...tags, 'requests' as const];
};

export const rotaApi = generatedApi.enhanceEndpoints({
  addTagTypes: ['dashboard', 'statistics', 'settings', 'audit', 'requests'],
  endpoints: {
    createRota: { invalidatesTags: afterAssignment },
    updateRota: { invalidatesTags: afterAssignment },
    replaceOnRota: { invalidatesTags: afterEdit },
    removeFromRota: { invalidatesTags: afterEdit },
    moveOnRota: { invalidatesTags: afterEdit },
    reshuffleFuture: { invalidatesTags: [...AFTER_ROTA_CHANGE] },
    fillUnassigned: { invalidatesTags: [...AFTER_ROTA_CHANGE] },
    clearFuture: { invalidatesTags: [...AFTER_ROTA_CHANGE] },
  },
});

export const {
  useClearFutureMutation,
  useCountPlannedDutiesQuery,
  useCreateRotaMutation,
  useFillUnassignedMutation,
  useGetCurrentWeekQuery,
  useGetMoveOptionsQuery,
  useGetRotaCandidatesQuery,
  useGetRotaClosuresQuery,
  useGetRotaHealthQuery,
  useGetRotaQuery,
  useMoveOnRotaMutation,
  useRemoveFromRotaMutation,
  useReplaceOnRotaMutation,
  useReshuffleFutureMutation,
  useUpdateRotaMutation,
} = rotaApi;

export type {
  AcademicYearDto,
  BulkRotaDto,
  BulkRotaResultDto,
  CurrentWeekDto,
  MoveOptionDto,
  MoveOptionsDto,
  PlannedDutiesDto,
  RotaCandidateDto,
  RotaCandidatesDto,
  RotaClosureDto,
  RotaDayDto,
  RotaEditResultDto,
  RotaHealthDto,
  RotaPersonDto,
  RotaSlotDto,
} from './rota.gen';
