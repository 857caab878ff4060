import { useCallback, useEffect } from 'react';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useDispatch } from 'react-redux';
import { useNavigate } from 'react-router';

import { isApiError } from '@/shared/api/errors';
import {
  clearAuthToken,
  readAuthToken,
  storeAuthToken,
  useAuthToken,
} from '@/shared/auth/auth-token';

import {
  authApi,
  useGetCurrentUserQuery,
  type CurrentOrganizationDto,
  type CurrentUserDto,
} from '../api';
import { signInState, type SignInPrefill } from './sign-in-intent';

export type Session =
  | { status: 'loading' }
  | { status: 'signed-out' }
  | { status: 'signed-in'; user: CurrentUserDto; organization: CurrentOrganizationDto };

/**
 * Who is signed in (docs/product.md#talking-to-the-server). No stored token: signed out at once. A stored token: loading
 * until GET /api/auth/user answers; success signs in, failure clears the token and signs out.
 * Once signed in, only a 401 on a later refetch ends the session: a network blip keeps the
 * user and the data they already have.
 *
 * The app's auth gate calls this once; other components read the user with `useCurrentUser`.
 */
export function useSession(): Session {
  const token = useAuthToken();
  const { currentData, error, isError } = useGetCurrentUserQuery(undefined, { skip: !token });
  const rejected =
    Boolean(token) &&
    isError &&
    (currentData === undefined || (isApiError(error) && error.status === 401));

  useEffect(() => {
    if (rejected) clearAuthToken();
  }, [rejected]);

  if (!token || rejected) return { status: 'signed-out' };
  if (currentData) return { status: 'signed-in', ...currentData };
  return { status: 'loading' };
}

/**
 * Asks who is signed in as soon as the app's code runs, when a token is stored: the query hook
 * in `useSession` would ask only once the first render has been committed, and everything the
 * signed-in screen shows waits for the answer. The hook then reads this request's entry.
 */
export function prefetchSession(
  dispatch: (action: ReturnType<typeof authApi.util.prefetch>) => unknown,
): void {
  if (readAuthToken()) dispatch(authApi.util.prefetch('getCurrentUser', undefined, {}));
}

/** The signed-in user and organisation, or `undefined` while unknown or signed out. */
export function useCurrentUser() {
  const token = useAuthToken();
  const { currentData } = useGetCurrentUserQuery(undefined, { skip: !token });
  return token ? currentData : undefined;
}

/**
 * Starts a session with a token from sign-in or registration. The cache is emptied first: it may
 * still hold the failed user lookup of an earlier, rejected token, which would otherwise be read
 * as this session failing and clear the new token.
 */
export function useStartSession(): (token: string) => void {
  const dispatch = useDispatch();
  return useCallback(
    (token: string) => {
      dispatch(authApi.util.resetApiState());
      storeAuthToken(token);
    },
    [dispatch],
  );
}

/**
 * Signs out: ends the session on the server (docs/security.md, "Sessions": a copy of the token
 * stops working too), removes the stored token, forgets every cached response (they belong to the
 * old user) and goes to the landing page; `thenSignIn` opens its Sign In tab, for screens whose
 * next step is signing in again (after a password reset), filled in with `prefill`. The browser
 * signs out whether or not the server could be told (a session already ended answers 401).
 */
export function useLogout(): (options?: {
  thenSignIn?: boolean;
  prefill?: SignInPrefill;
}) => Promise<void> {
  const dispatch = useDispatch<AppDispatch>();
  const navigate = useNavigate();
  return useCallback(
    async ({ thenSignIn = false, prefill = {} } = {}) => {
      if (readAuthToken())
        await dispatch(authApi.endpoints.signOut.initiate())
          .unwrap()
          .catch(() => undefined);
      // Token first: with it gone the auth gate stops asking for the user, so the reset below
      // does not trigger one last request with the old token.
      clearAuthToken();
      dispatch(authApi.util.resetApiState());
      void navigate('/', { state: thenSignIn ? signInState(prefill) : undefined });
    },
    [dispatch, navigate],
  );
}

type AppDispatch = ThunkDispatch<unknown, unknown, UnknownAction>;
