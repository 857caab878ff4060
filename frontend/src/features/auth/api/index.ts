import { generatedApi } from './auth.gen';

/**
 * The generated endpoints all invalidate the "auth" tag, which refetches the current user. That
 * is right after verifying an email (`emailVerified` changes) but wrong for the rest:
 * - asking for a reset or verification link changes nothing about the signed-in user;
 * - a password reset ends every session on the server, and refetching would sign a signed-in
 *   user out in the middle of the reset page; the page ends the session itself when they leave.
 * Signing in and registering reset the whole cache when the session starts (see `session/`).
 */
export const authApi = generatedApi.enhanceEndpoints({
  endpoints: {
    // Confirming ends every session; the page signs the local one out itself.
    confirmEmailChange: { invalidatesTags: [] },
    forgotPassword: { invalidatesTags: [] },
    findOrganizations: { invalidatesTags: [] },
    // What the page's address says does not change while it is open.
    getHost: { providesTags: [] },
    resendVerification: { invalidatesTags: [] },
    resetPassword: { invalidatesTags: [] },
    // The page starts the new session itself (resetting the cache) and reloads.
    redeemHandoff: { invalidatesTags: [] },
  },
});

export const {
  useConfirmEmailChangeMutation,
  useFindOrganizationsMutation,
  useForgotPasswordMutation,
  useGetCurrentUserQuery,
  useGetHostQuery,
  useLoginMutation,
  useRedeemHandoffMutation,
  useRegisterMutation,
  useResendVerificationMutation,
  useResetPasswordMutation,
  useVerifyEmailMutation,
} = authApi;

export type {
  CurrentOrganizationDto,
  CurrentUserDto,
  CurrentUserResponseDto,
  EmailRequestDto,
  HostDto,
  OrganizationType,
  ResetPasswordResultDto,
  Role,
} from './auth.gen';
