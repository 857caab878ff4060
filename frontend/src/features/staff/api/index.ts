import { generatedApi, type StaffCsvUploadDto } from './staff.gen';

/**
 * Every staff change is also a new entry in the activity log, so it invalidates that too; names
 * and who is active show on the rota, the dashboard and the statistics. Other features' tags
 * are named as strings: their queries provide them. Changing a role may be one's own, and the
 * signed-in user ('auth') carries the role. A preview changes nothing, so it invalidates nothing.
 */
const AFTER_STAFF_CHANGE = ['staff', 'audit', 'rota', 'dashboard', 'statistics'] as const;

export const staffApi = generatedApi.enhanceEndpoints({
  addTagTypes: ['audit', 'auth', 'rota', 'dashboard', 'statistics'],
  endpoints: {
    createStaff: { invalidatesTags: [...AFTER_STAFF_CHANGE] },
    updateStaff: { invalidatesTags: [...AFTER_STAFF_CHANGE] },
    // Someone invited ticks the first-run checklist's "Invite staff" (a dashboard query).
    inviteStaff: { invalidatesTags: ['staff', 'audit', 'dashboard'] },
    changeStaffRole: { invalidatesTags: ['staff', 'audit', 'auth'] },
    importStaff: { invalidatesTags: [...AFTER_STAFF_CHANGE] },
    previewStaffImport: { invalidatesTags: [] },
  },
});

export const {
  useChangeStaffRoleMutation,
  useCreateStaffMutation,
  useGetStaffQuery,
  useImportStaffMutation,
  useInviteStaffMutation,
  usePreviewStaffImportMutation,
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
