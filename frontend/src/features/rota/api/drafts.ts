import { generatedApi } from './rota.gen';

/**
 * docs/product.md#drafts: a draft is not the rota. Planning or discarding one changes only the
 * drafts (and the activity log); publishing one changes the rota too, and with it every query
 * that reads it. A draft's figures are read with the staff, duties and rules of the school.
 */
export const draftsApi = generatedApi.enhanceEndpoints({
  addTagTypes: ['drafts', 'audit', 'staff', 'duties', 'settings', 'holidays'],
  endpoints: {
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
  useListDraftsQuery,
  useCreateDraftMutation,
  useGetDraftQuery,
  useGetDraftDaysQuery,
  usePublishDraftMutation,
  useDiscardDraftMutation,
} = draftsApi;

export type {
  CreateDraftDto,
  DraftDetailDto,
  DraftDto,
  DraftPersonDto,
  DraftStatus,
  PublishedDraftDto,
} from './rota.gen';
