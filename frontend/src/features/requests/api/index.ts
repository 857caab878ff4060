import { generatedApi } from './requests.gen';

/**
 * docs/product.md#talking-to-the-server: a swap or cancel request that is created or decided may move
 * duties (auto-approval, approval, auto-fill), so it refreshes the request lists, the rota, the
 * dashboard figures and statistics computed from it, and the activity log. A 409 (someone else
 * decided first, or the rota changed) also refreshes them, so the screen shows what is true now.
 */
const AFTER_REQUEST_CHANGE = ['requests', 'rota', 'dashboard', 'statistics', 'audit'] as const;
const afterRequestChange = (_result: unknown, error: unknown) =>
  !error || (error as { status?: unknown }).status === 409 ? [...AFTER_REQUEST_CHANGE] : [];

export const requestsApi = generatedApi.enhanceEndpoints({
  addTagTypes: ['rota', 'dashboard', 'statistics', 'audit'],
  endpoints: {
    createSwapRequest: { invalidatesTags: afterRequestChange },
    decideSwapRequest: { invalidatesTags: afterRequestChange },
    createCancelRequest: { invalidatesTags: afterRequestChange },
    decideCancelRequest: { invalidatesTags: afterRequestChange },
  },
});

export const {
  useCreateCancelRequestMutation,
  useCreateSwapRequestMutation,
  useDecideCancelRequestMutation,
  useDecideSwapRequestMutation,
  useGetCancelRequestsQuery,
  useGetSwapRequestsQuery,
} = requestsApi;

export type {
  CancelRequestDto,
  CancelRequestResultDto,
  CreateCancelRequestDto,
  CreateSwapRequestDto,
  Decision,
  RequestPersonDto,
  RequestStatus,
  SwapRequestDto,
  SwapRequestResultDto,
} from './requests.gen';
