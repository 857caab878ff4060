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
  addTagTypes: ['staff'],
  endpoints: {
    // One's own name is one's staff record's too: the queries that show names (the rota, the
    // Dashboard, the statistics) provide the 'staff' tag.
    changeOwnName: { invalidatesTags: ['auth', 'staff'] },
    // The change ends this session on the server; the Account page stores the new session's
    // token itself, and a refetch before that would sign this browser out.
    changeOwnPassword: { invalidatesTags: [] },
    // Asking for a change changes nothing yet but the pending change the user carries.
    changeOwnEmail: { invalidatesTags: ['auth'] },
    // Describing a set-password link changes nothing.
    describePasswordLink: { invalidatesTags: [] },
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
    // Signing in starts a new session, which resets the cache.
    loginTwoFactor: { invalidatesTags: [] },
    // A setup changes nothing until a code confirms it.
    startTwoFactorSetup: { invalidatesTags: [] },
    // Turning it on answers the recovery codes, shown until the person says they saved them: the
    // card refreshes the user then (refreshing now could take an admin who had to turn it on
    // away from the codes before they saved them).
    enableTwoFactor: { invalidatesTags: [] },
    // Signing out resets the whole cache after it (see `session/`).
    signOut: { invalidatesTags: [] },
    // Preparing a provider sign-in changes nothing about the user until the proof is used.
    reauthenticateWithProvider: { invalidatesTags: [] },
  },
});

export const {
  useApproveEmailChangeMutation,
  useChangeOwnEmailMutation,
  useChangeOwnNameMutation,
  useChangeOwnPasswordMutation,
  useDescribePasswordLinkMutation,
  useConfirmEmailChangeMutation,
  useDisableTwoFactorMutation,
  useEnableTwoFactorMutation,
  useFindOrganizationsMutation,
  useForgotPasswordMutation,
  useGetCurrentUserQuery,
  useGetHostQuery,
  useGetSignInProvidersQuery,
  useGetTwoFactorStatusQuery,
  useLoginMutation,
  useLoginTwoFactorMutation,
  useReauthenticateWithProviderMutation,
  useRedeemHandoffMutation,
  useRegenerateRecoveryCodesMutation,
  useStartTwoFactorSetupMutation,
  useRegisterMutation,
  useResendVerificationMutation,
  useResetPasswordMutation,
  useVerifyEmailMutation,
} = authApi;

export type {
  PasswordLinkDto,
  PendingEmailChangeDto,
  CurrentOrganizationDto,
  CurrentUserDto,
  CurrentUserResponseDto,
  EmailRequestDto,
  HostDto,
  IdentityProviderKind,
  OrganizationType,
  ResetPasswordResultDto,
  Role,
  SignInResultDto,
  TwoFactorSetupDto,
  TwoFactorStatusDto,
} from './auth.gen';
