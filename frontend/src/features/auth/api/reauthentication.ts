import { useCallback } from 'react';

import type { ReauthenticationOptions } from '@/shared/ui/reauthentication-fields';

import type { IdentityProviderKind } from './auth.gen';
import {
  useGetCurrentUserQuery,
  useGetSignInProvidersQuery,
  useReauthenticateWithProviderMutation,
} from './index';

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
