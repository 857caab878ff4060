/**
 * Router state for links that lead back to signing in ("Back to Login"): the landing page then
 * opens its Sign In tab instead of registration. The URL stays `/`.
 */
export const SIGN_IN_STATE = { getStarted: 'sign-in' } as const;

export function wantsSignIn(state: unknown): boolean {
  return (
    typeof state === 'object' &&
    state !== null &&
    (state as { getStarted?: unknown }).getStarted === SIGN_IN_STATE.getStarted
  );
}
