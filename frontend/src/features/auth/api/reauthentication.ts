import { useCallback } from 'react';

import type { ReauthenticationProvider } from '@/shared/ui/provider-proof-input';

import type { IdentityProviderKind } from './auth.gen';
import {
  useGetCurrentUserQuery,
  useGetSignInProvidersQuery,
  useReauthenticateWithProviderMutation,
} from './index';

export interface ReauthenticationOptions {
  /** Whether the person confirms with their password (else with a provider they sign in with). */
  hasPassword: boolean;
  /** Whether a code from the authenticator app is asked for as well. */
  twoFactorEnabled: boolean;
  /** The providers linked to the account that the organisation has turned on. */
  providers: ReauthenticationProvider[];
  /** Prepares a provider re-authentication for this session; answers the address to open. */
  start: (kind: string) => Promise<string>;
}

/**
 * What re-authentication asks of the signed-in person (docs/security.md, "Re-authentication"),
 * for the forms of sensitive changes in any feature: a password, or a fresh sign-in with one of
 * their providers, and a code when two-step verification is on.
 */
export function useReauthenticationOptions(): ReauthenticationOptions {
  // Asked on signed-in screens only. Until the user is known, a password is assumed: it is what
  // nearly everyone has, and the form keeps its shape.
  const current = useGetCurrentUserQuery().data;
  const hasPassword = current?.user.hasPassword !== false;
  const enabled = useGetSignInProvidersQuery(
    { organization: current?.organization.subdomain ?? '' },
    { skip: !current || hasPassword },
  ).data?.providers;
  const [reauthenticate] = useReauthenticateWithProviderMutation();
  const start = useCallback(
    async (kind: string) =>
      (
        await reauthenticate({
          reauthenticateWithProviderDto: { provider: kind as IdentityProviderKind },
        }).unwrap()
      ).location,
    [reauthenticate],
  );
  const linked = new Set(current?.user.signInProviders ?? []);
  return {
    hasPassword,
    twoFactorEnabled: current?.user.twoFactorEnabled === true,
    providers: (enabled ?? [])
      .filter((provider) => linked.has(provider.kind))
      .map((provider) => ({ kind: provider.kind, name: provider.name })),
    start,
  };
}
