import { generatedApi, type UploadProcedureFileApiArg } from './settings.gen';

/** The upload is multipart: the generated endpoint's `{file}` body is sent as form data. */
function procedureFileForm({ body }: UploadProcedureFileApiArg): FormData {
  const form = new FormData();
  form.append('file', body.file);
  return form;
}

/**
 * Fewer duty managers per day removes people from future days, so saving the system settings
 * changes the rota as well as the settings (the queries computed from either provide their
 * tags), and adds to the activity log.
 */
export const settingsApi = generatedApi.enhanceEndpoints({
  addTagTypes: ['rota', 'audit'],
  endpoints: {
    saveSystemSettings: { invalidatesTags: ['settings', 'rota', 'audit'] },
    // docs/product.md#talking-to-the-server: this one GET is retried, 3 times 1 second apart, before the card shows its error.
    getAutoApprovalSettings: { extraOptions: { maxRetries: 3 } },
    saveAutoApprovalSettings: { invalidatesTags: ['settings', 'audit'] },
    saveEmailReminderSettings: { invalidatesTags: ['settings', 'audit'] },
    saveEmailTemplate: { invalidatesTags: ['settings', 'audit'] },
    // A preview changes nothing: it must not refetch the settings being edited.
    previewEmailTemplate: { invalidatesTags: [] },
    uploadProcedureFile: {
      query: (arg: UploadProcedureFileApiArg) => ({
        url: '/api/settings/procedure-file',
        method: 'POST',
        body: procedureFileForm(arg),
      }),
      invalidatesTags: ['settings', 'audit'],
    },
    deleteProcedureFile: { invalidatesTags: ['settings', 'audit'] },
    saveTwoFactorRequirement: { invalidatesTags: ['settings', 'audit'] },
    saveSignInOptions: { invalidatesTags: ['settings', 'audit'] },
    saveGoogleSignIn: { invalidatesTags: ['settings', 'audit'] },
    saveMicrosoftSignIn: { invalidatesTags: ['settings', 'audit'] },
    saveOidcSignIn: { invalidatesTags: ['settings', 'audit'] },
  },
});

export const {
  useDeleteProcedureFileMutation,
  useGetAutoApprovalSettingsQuery,
  useGetEmailDeliveriesQuery,
  useGetEmailReminderSettingsQuery,
  useGetEmailTemplateQuery,
  useGetProcedureFileLinkQuery,
  useGetSignInSettingsQuery,
  useGetSystemSettingsQuery,
  useGetTwoFactorRequirementQuery,
  usePreviewEmailTemplateMutation,
  useSaveAutoApprovalSettingsMutation,
  useSaveEmailReminderSettingsMutation,
  useSaveEmailTemplateMutation,
  useSaveGoogleSignInMutation,
  useSaveMicrosoftSignInMutation,
  useSaveOidcSignInMutation,
  useSaveSignInOptionsMutation,
  useSaveSystemSettingsMutation,
  useSaveTwoFactorRequirementMutation,
  useTestEmailRemindersForDateMutation,
  useTestEmailRemindersMutation,
  useUploadProcedureFileMutation,
} = settingsApi;

export type {
  AutoApprovalSettingsDto,
  EmailDeliveriesDto,
  EmailDeliveryDto,
  EmailPreviewDto,
  EmailReminderSettingsDto,
  EmailReminderSettingsResultDto,
  EmailTemplateDto,
  EmailTemplateResultDto,
  JoinRule,
  MixMode,
  ProcedureFileInfoDto,
  ProcedureFileLinkDto,
  SaveAutoApprovalSettingsDto,
  SignInSettingsDto,
  SystemSettingsDto,
  SystemSettingsUpdateResultDto,
  TestRemindersResultDto,
  TwoFactorRequirementDto,
  UpdateSystemSettingsDto,
} from './settings.gen';
