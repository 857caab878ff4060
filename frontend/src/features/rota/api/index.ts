import { generatedApi } from './rota.gen';

/**
 * docs/product.md#talking-to-the-server: a rota change refreshes what it changed, the rota (and
 * with it every query that reads the rota: the health check, the candidates, the Dashboard's
 * figures and the statistics), and adds to the activity log.
 */
const AFTER_ROTA_CHANGE = ['rota', 'audit'] as const;

/**
 * An assignment refused with 409 (Duplicate assignment, Slots full) means the screen showed an
 * out-of-date day: someone else changed the rota. Refetching shows what it is now, and the
 * figures computed from it.
 */
const afterAssignment = (_result: unknown, error: unknown) => {
  if (!error) return [...AFTER_ROTA_CHANGE];
  return (error as { status?: unknown }).status === 409 ? ['rota' as const] : [];
};

/**
 * A direct edit (docs/product.md#editing-the-rota-directly) also keeps the person taken off the day
 * in their history as an approved cancellation, so the request lists refresh too.
 */
const afterEdit = (result: unknown, error: unknown) => {
  const tags = afterAssignment(result, error);
  return error ? tags : [...tags, 'requests' as const];
};

/**
 * What the rota's queries read besides the rota itself: the days carry people's names (staff);
 * the current week the slots per day (settings) and the academic year (holidays: term dates);
 * the closures the holidays and term dates; the health check, the candidates for a slot and the
 * days someone may move to also who is active, works that day and is available (staff,
 * unavailability) and the slots per day. Whoever changes those invalidates their own tag.
 */
const READS_ROTA = ['rota', 'staff'] as const;
const READS_ROTA_RULES = ['rota', 'staff', 'holidays', 'settings', 'unavailability'] as const;

export const rotaApi = generatedApi.enhanceEndpoints({
  addTagTypes: [
    'audit',
    'requests',
    'staff',
    'holidays',
    'settings',
    'unavailability',
    'duties',
    'drafts',
  ],
  endpoints: {
    getRota: { providesTags: [...READS_ROTA] },
    // The grid's rows are the school's duties, with their people per weekday.
    getRotaGrid: { providesTags: [...READS_ROTA, 'duties', 'settings'] },
    // Your own duties of every kind: also what names them (the duty's name, place, times, instructions).
    getMyDuties: { providesTags: ['rota', 'duties'] },
    getCurrentWeek: { providesTags: ['rota', 'staff', 'settings', 'holidays'] },
    getRotaClosures: { providesTags: ['rota', 'holidays'] },
    getRotaHealth: { providesTags: [...READS_ROTA_RULES] },
    // Every duty's health: also the duties themselves (which run, what they need each weekday).
    getAllDutiesHealth: { providesTags: [...READS_ROTA_RULES, 'duties'] },
    getRotaCandidates: { providesTags: [...READS_ROTA_RULES] },
    getMoveOptions: { providesTags: [...READS_ROTA_RULES] },
    createRota: { invalidatesTags: afterAssignment },
    updateRota: { invalidatesTags: afterAssignment },
    replaceOnRota: { invalidatesTags: afterEdit },
    removeFromRota: { invalidatesTags: afterEdit },
    moveOnRota: { invalidatesTags: afterEdit },
    reshuffleFuture: { invalidatesTags: [...AFTER_ROTA_CHANGE] },
    fillUnassigned: { invalidatesTags: [...AFTER_ROTA_CHANGE] },
    clearFuture: { invalidatesTags: [...AFTER_ROTA_CHANGE] },
    // Rebalance (docs/product.md#bulk-tools); the preview writes nothing; the Dashboard's hint reads what a rebalance does.
    rebalanceRota: { invalidatesTags: [...AFTER_ROTA_CHANGE] },
    getFairnessHint: { providesTags: [...READS_ROTA_RULES, 'duties'] },
    // The Today board: every duty's people and gaps that day (the duties themselves too), who is
    // away, and who may cover a gap; Find cover is an assignment.
    getTodayBoard: { providesTags: [...READS_ROTA_RULES, 'duties'] },
    getTodayCandidates: { providesTags: [...READS_ROTA_RULES, 'duties'] },
    coverOnToday: { invalidatesTags: afterAssignment },
    // A wet day moves the posts on the board and in people's own duties (both read the rota).
    setWetDay: { invalidatesTags: (_result, error) => (error ? [] : ['rota' as const]) },
    // Unpinning (docs/product.md#pinned-duties) moves nobody, but the rota's reads show the pins.
    unpinSlot: { invalidatesTags: [...AFTER_ROTA_CHANGE] },
    unpinAll: { invalidatesTags: [...AFTER_ROTA_CHANGE] },
    // docs/product.md#drafts: a draft is not the rota. Planning or discarding one changes only the
    // drafts (and the activity log); publishing one changes the rota too, and with it every query
    // that reads it. A draft's figures are read with the staff, duties and rules of the school.
    listDrafts: { providesTags: ['drafts'] },
    getDraft: { providesTags: ['drafts', 'rota', 'staff', 'duties', 'settings', 'holidays'] },
    getDraftDays: { providesTags: ['drafts', 'staff', 'duties', 'settings'] },
    createDraft: { invalidatesTags: (_result, error) => (error ? [] : ['drafts', 'audit']) },
    discardDraft: {
      invalidatesTags: (_result, error) => (error ? ['drafts'] : ['drafts', 'audit']),
    },
    publishDraft: {
      invalidatesTags: (_result, error) => (error ? ['drafts'] : ['drafts', 'rota', 'audit']),
    },
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
  useGetAllDutiesHealthQuery,
  useGetMyDutiesQuery,
  useGetRotaHealthQuery,
  useGetRotaGridQuery,
  useGetRotaQuery,
  useMoveOnRotaMutation,
  useRemoveFromRotaMutation,
  useReplaceOnRotaMutation,
  useReshuffleFutureMutation,
  useUpdateRotaMutation,
  useGetTodayBoardQuery,
  useGetTodayCandidatesQuery,
  useCoverOnTodayMutation,
  useSetWetDayMutation,
  useUnpinSlotMutation,
  useUnpinAllMutation,
  usePreviewBulkToolMutation,
  useRebalanceRotaMutation,
  useGetFairnessHintQuery,
  // Drafts (docs/product.md#drafts).
  useListDraftsQuery,
  useCreateDraftMutation,
  useGetDraftQuery,
  useGetDraftDaysQuery,
  usePublishDraftMutation,
  useDiscardDraftMutation,
} = rotaApi;

export type {
  AcademicYearDto,
  AllDutiesHealthDto,
  BulkRotaDto,
  BulkRotaResultDto,
  BulkChangeDto,
  BulkPreviewDto,
  BulkPreviewResultDto,
  FairnessHintDto,
  CurrentWeekDto,
  DutyRule,
  DutyUnfilledDto,
  DutyViolationDto,
  MoveOptionDto,
  MoveOptionsDto,
  MyDutyDto,
  PlannedDutiesDto,
  RotaCandidateDto,
  RotaCandidatesDto,
  RotaClosureDto,
  RotaDayDto,
  RotaEditResultDto,
  RotaGridCellDto,
  RotaGridDayDto,
  RotaGridDto,
  RotaGridDutyDto,
  RotaHealthDto,
  RotaPersonDto,
  RotaSlotDto,
  TodayAwayDto,
  TodayBoardDto,
  TodayCandidateDto,
  TodayDutyDto,
  PinReason,
  UnpinResultDto,
  // Drafts (docs/product.md#drafts).
  CreateDraftDto,
  DraftDetailDto,
  DraftDto,
  DraftPersonDto,
  DraftStatus,
  PublishedDraftDto,
} from './rota.gen';
