import { generatedApi, type StaffCsvUploadDto } from './staff.gen';

/**
 * Every staff change is also a new entry in the activity log, so it invalidates that too. Names
 * and who is active show on the rota, the Dashboard (its first-run checklist among it) and the
 * statistics: their queries provide the 'staff' tag, so they refetch. Editing someone may take
 * them off duties (deactivated, a day they no longer work: docs/product.md#the-rota-stays-true),
 * which changes the rota. Other features' tags are named as strings: their queries provide them.
 * Changing a role may be one's own, and the signed-in user ('auth') carries the role. A preview
 * changes nothing, so it invalidates nothing.
 */
const AFTER_STAFF_CHANGE = ['staff', 'audit'] as const;

export const staffApi = generatedApi.enhanceEndpoints({
  addTagTypes: ['audit', 'auth', 'rota'],
  endpoints: {
    createStaff: { invalidatesTags: [...AFTER_STAFF_CHANGE] },
    updateStaff: { invalidatesTags: [...AFTER_STAFF_CHANGE, 'rota'] },
    inviteStaff: { invalidatesTags: [...AFTER_STAFF_CHANGE] },
    changeStaffRole: { invalidatesTags: ['staff', 'audit', 'auth'] },
    importStaff: { invalidatesTags: [...AFTER_STAFF_CHANGE, 'rota'] },
    previewStaffImport: { invalidatesTags: [] },
    // Groups are read with the staff ('staff' tag); each change is an activity-log entry.
    createStaffGroup: { invalidatesTags: [...AFTER_STAFF_CHANGE] },
    updateStaffGroup: { invalidatesTags: [...AFTER_STAFF_CHANGE] },
    deleteStaffGroup: { invalidatesTags: [...AFTER_STAFF_CHANGE] },
  },
});

export const {
  useChangeStaffRoleMutation,
  useCreateStaffGroupMutation,
  useCreateStaffMutation,
  useDeleteStaffGroupMutation,
  useGetStaffGroupsQuery,
  useGetStaffQuery,
  useImportStaffMutation,
  useInviteStaffMutation,
  usePreviewStaffImportMutation,
  useUpdateStaffGroupMutation,
  useUpdateStaffMutation,
} = staffApi;

export type {
  CreateStaffDto,
  ImportPreviewDto,
  ImportResultDto,
  ImportRowDto,
  InviteStatus,
  StaffCsvUploadDto,
  StaffDto,
  StaffGroupDto,
  UpdateStaffDto,
} from './staff.gen';

/**
 * The import endpoints take multipart form data with the file in the field `file`. The generated
 * type describes the form's fields (`{ file: Blob }`), but the body must be a `FormData` for the
 * base query to send it as multipart rather than as JSON.
 */
export function csvUpload(file: File): StaffCsvUploadDto {
  const form = new FormData();
  form.append('file', file);
  return form as unknown as StaffCsvUploadDto;
}
