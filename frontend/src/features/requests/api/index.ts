import { generatedApi } from './requests.gen';

/**
 * docs/product.md#talking-to-the-server: a swap or cancel request that is created, answered or
 * decided may move duties (auto-approval, approval, auto-fill), so it refreshes what it may have
 * changed: the requests, the rota (and every query that reads it, the Dashboard's figures and the
 * statistics among them), the activity log and the bell (answering a swap settles its
 * notifications). A 409 (someone else answered or decided first, or the rota changed) also
 * refreshes them, so the screen shows what is true now.
 */
const AFTER_REQUEST_CHANGE = ['requests', 'rota', 'audit', 'notifications'] as const;
const afterRequestChange = (_result: unknown, error: unknown) =>
  !error || (error as { status?: unknown }).status === 409 ? [...AFTER_REQUEST_CHANGE] : [];

export const requestsApi = generatedApi.enhanceEndpoints({
  addTagTypes: ['rota', 'audit', 'notifications'],
  endpoints: {
    // The colleagues who can take a duty depend on who is on duty when.
    getSwapOptions: { providesTags: ['requests', 'rota'] },
    createSwapRequest: { invalidatesTags: afterRequestChange },
    decideSwapRequest: { invalidatesTags: afterRequestChange },
    acceptSwapRequest: { invalidatesTags: afterRequestChange },
    declineSwapRequest: { invalidatesTags: afterRequestChange },
    withdrawSwapRequest: { invalidatesTags: afterRequestChange },
    createCancelRequest: { invalidatesTags: afterRequestChange },
    decideCancelRequest: { invalidatesTags: afterRequestChange },
  },
});

export const {
  useAcceptSwapRequestMutation,
  useCreateCancelRequestMutation,
  useCreateSwapRequestMutation,
  useDeclineSwapRequestMutation,
  useDecideCancelRequestMutation,
  useDecideSwapRequestMutation,
  useGetCancelRequestsQuery,
  useGetSwapOptionsQuery,
  useGetSwapRequestsQuery,
  useWithdrawSwapRequestMutation,
} = requestsApi;

export type {
  CancelRequestDto,
  CancelRequestResultDto,
  CancelSource,
  CreateCancelRequestDto,
  CreateSwapRequestDto,
  Decision,
  RequestPersonDto,
  RequestStatus,
  SwapColleagueDto,
  SwapOptionsDto,
  SwapRequestDto,
  SwapRequestResultDto,
  SwapStatus,
} from './requests.gen';
