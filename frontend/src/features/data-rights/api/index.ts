import { generatedApi, type ImportOrganizationApiArg } from './data-rights.gen';

/** The import is multipart: the re-authentication fields first, then the archive (as a browser's form sends them). */
function importForm({ body }: ImportOrganizationApiArg): FormData {
  const form = new FormData();
  if (body.password) form.append('password', body.password);
  if (body.providerProof) form.append('providerProof', body.providerProof);
  if (body.code) form.append('code', body.code);
  form.append('file', body.file);
  return form;
}

/**
 * Asking for the organisation's deletion or restoring it changes whether everything else can be
 * changed (the banner, every form) and adds to the activity log. Erasing a person renames them on
 * every screen (the staff list, the rota, the statistics read the 'staff' tag), may take an
 * active person off their duties ('rota'), and adds an activity-log entry ('audit'). Changing the
 * leavers' retention period is an activity-log entry too.
 */
export const dataRightsApi = generatedApi.enhanceEndpoints({
  addTagTypes: ['audit', 'staff', 'rota'],
  endpoints: {
    requestOrganizationDeletion: { invalidatesTags: ['data-rights', 'audit'] },
    restoreOrganization: { invalidatesTags: ['data-rights', 'audit'] },
    eraseStaff: { invalidatesTags: ['data-rights', 'staff', 'rota', 'audit'] },
    updateLeaverRetention: { invalidatesTags: ['data-rights', 'audit'] },
    // The export is a file, saved rather than cached: see ORGANIZATION_EXPORT_URL.
    importOrganization: {
      query: (arg: ImportOrganizationApiArg) => ({
        url: '/api/organization-import',
        method: 'POST',
        body: importForm(arg),
      }),
    },
  },
});

export const {
  useGetOrganizationDeletionQuery,
  useRequestOrganizationDeletionMutation,
  useRestoreOrganizationMutation,
  useGetOrganizationImportStatusQuery,
  useImportOrganizationMutation,
  useEraseStaffMutation,
  useGetErasureQuery,
  useGetLeaverRetentionQuery,
  useUpdateLeaverRetentionMutation,
} = dataRightsApi;

/**
 * The organisation export, downloaded as a file (shared/api/download-file.ts), not through the
 * generated `exportOrganization` mutation: the base query reads bodies as text, which would
 * corrupt a ZIP. The path is the generated endpoint's.
 */
export const ORGANIZATION_EXPORT_URL = '/api/organization-export';

export type { OrganizationDeletionDto } from './data-rights.gen';
export type { OrganizationImportResultDto, OrganizationImportStatusDto } from './data-rights.gen';
export type { ErasureConsequencesDto, LeaverRetentionDto } from './data-rights.gen';
