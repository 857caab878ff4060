import { generatedApi } from './data-rights.gen';

/**
 * Asking for the organisation's deletion or restoring it changes whether everything else can be
 * changed (the banner, every form) and adds to the activity log.
 */
export const dataRightsApi = generatedApi.enhanceEndpoints({
  addTagTypes: ['audit'],
  endpoints: {
    requestOrganizationDeletion: { invalidatesTags: ['data-rights', 'audit'] },
    restoreOrganization: { invalidatesTags: ['data-rights', 'audit'] },
  },
});

export const {
  useGetOrganizationDeletionQuery,
  useRequestOrganizationDeletionMutation,
  useRestoreOrganizationMutation,
} = dataRightsApi;

export type { OrganizationDeletionDto } from './data-rights.gen';
