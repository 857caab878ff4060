import { generatedApi } from './data-rights.gen';

/**
 * Erasing a person renames them on every screen (the staff list, the rota, the statistics read the
 * 'staff' tag), may take an active person off their duties ('rota'), and adds an activity-log
 * entry ('audit'). Changing the retention period is an activity-log entry too.
 */
export const erasureApi = generatedApi.enhanceEndpoints({
  addTagTypes: ['staff', 'rota', 'audit'],
  endpoints: {
    eraseStaff: { invalidatesTags: ['data-rights', 'staff', 'rota', 'audit'] },
    updateLeaverRetention: { invalidatesTags: ['data-rights', 'audit'] },
  },
});

export const {
  useEraseStaffMutation,
  useGetErasureQuery,
  useGetLeaverRetentionQuery,
  useUpdateLeaverRetentionMutation,
} = erasureApi;
export type { ErasureConsequencesDto, LeaverRetentionDto } from './data-rights.gen';
