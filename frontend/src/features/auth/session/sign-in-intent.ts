/**
 * Router state for links that lead back to signing in ("Back to Login"): the landing page then
 * opens its Sign In tab instead of registration. The URL stays `/`.
 */
export const SIGN_IN_STATE = { getStarted: 'sign-in' } as const;

/** What the Sign In form can be filled in with (after a password reset, from its answer). */
export interface SignInPrefill {
  email?: string;
  organizationSubdomain?: string;
}

/** SIGN_IN_STATE that also fills in the Sign In form. */
export function signInState(prefill: SignInPrefill): typeof SIGN_IN_STATE & SignInPrefill {
  return { ...SIGN_IN_STATE, ...prefill };
}

export function wantsSignIn(state: unknown): boolean {
  return (
    typeof state === 'object' &&
    state !== null &&
    (state as { getStarted?: unknown }).getStarted === SIGN_IN_STATE.getStarted
  );
}

/** The Sign In form's prefill carried by router state, if any (only strings are taken). */
export function signInPrefill(state: unknown): SignInPrefill {
  if (!wantsSignIn(state)) return {};
  const { email, organizationSubdomain } = state as Record<string, unknown>;
  return {
    email: typeof email === 'string' ? email : undefined,
    organizationSubdomain: typeof organizationSubdomain === 'string' ? organizationSubdomain : undefined,
  };
}
