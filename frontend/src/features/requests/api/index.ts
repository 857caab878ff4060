import { generatedApi } from './requests.gen';

/**
 * docs/product.md#talking-to-the-server: a swap or cancel request that is created, answered or
 * decided may move duties (auto-approval, approval, auto-fill), so it refreshes the request lists,
 * the rota, the dashboard figures and statistics computed from it, the activity log and the bell
 * (answering a swap settles its notifications). A 409 (someone else answered or decided first,
 * or the rota changed) also refreshes them, so the screen shows what is true now.
 */
const AFTER_REQUEST_CHANGE = [
  'requests',
  'rota',
  'dashboard',
  'statistics',
  'audit',
  'notifications',
] as const;
const afterRequestChange = (_result: unknown, error: unknown) =>
  !error || (error as { status?: unknown }).status === 409 ? [...AFTER_REQUEST_CHANGE] : [];

export const requestsApi = generatedApi.enhanceEndpoints({
  addTagTypes: ['rota', 'dashboard', 'statistics', 'audit', 'notifications'],
  endpoints: {
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
