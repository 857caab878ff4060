import { generatedApi } from './duties.gen';

/**
 * The duties a school runs (docs/product.md#duties): read with the 'duties' tag. A change of a
 * duty is a change of facts (docs/product.md#the-rota-stays-true): the server may take people
 * off it in the same transaction, which changes the rota and, with it, the requests recorded for
 * the removals; every change is an activity-log entry. The daily rules are settings too. Other
 * features' tags are named as strings: their queries provide them.
 */
const AFTER_DUTY_CHANGE = ['duties', 'rota', 'audit', 'requests'] as const;

export const dutiesApi = generatedApi.enhanceEndpoints({
  addTagTypes: ['rota', 'audit', 'requests', 'settings'],
  endpoints: {
    createDuty: { invalidatesTags: [...AFTER_DUTY_CHANGE] },
    updateDuty: { invalidatesTags: [...AFTER_DUTY_CHANGE] },
    pauseDuty: { invalidatesTags: [...AFTER_DUTY_CHANGE] },
    resumeDuty: { invalidatesTags: [...AFTER_DUTY_CHANGE] },
    deleteDuty: { invalidatesTags: [...AFTER_DUTY_CHANGE] },
    orderDuties: { invalidatesTags: [...AFTER_DUTY_CHANGE] },
    applyDutyTemplate: { invalidatesTags: [...AFTER_DUTY_CHANGE] },
    getDutyRules: { providesTags: ['duties', 'settings'] },
    saveDutyRules: { invalidatesTags: [...AFTER_DUTY_CHANGE, 'settings'] },
  },
});

export const {
  useApplyDutyTemplateMutation,
  useCreateDutyMutation,
  useDeleteDutyMutation,
  useGetDutiesQuery,
  useGetDutyRulesQuery,
  useGetDutyTemplatesQuery,
  useOrderDutiesMutation,
  usePauseDutyMutation,
  useResumeDutyMutation,
  useSaveDutyRulesMutation,
  useUpdateDutyMutation,
} = dutiesApi;

export type {
  AppliedDutyTemplateDto,
  CreateDutyDto,
  DutyDto,
  DutyEligibility,
  DutyRulesDto,
  DutyTemplateDto,
  DutyTemplateKey,
  DutyWeekdayDto,
  RotaChangeDto,
  UpdateDutyDto,
} from './duties.gen';
