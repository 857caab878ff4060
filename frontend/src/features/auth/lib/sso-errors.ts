/**
 * What the sign-in page says when signing in through an identity provider was refused: the
 * server sends the browser to `/login?sso_error=<reason>` (backend/src/modules/sso/provider-identity.ts
 * lists the reasons). An unknown reason reads as the general one.
 */
export const SSO_ERROR_MESSAGES: Record<string, string> = {
  expired: 'Sign-in took too long or was already used; please try again.',
  other_browser:
    'Sign-in has to finish in the browser where it started. Please try again in this browser.',
  cancelled: 'Sign-in was cancelled. You can try again.',
  unavailable:
    "That way of signing in isn't turned on for this organisation. Check the organisation subdomain, or ask your administrator.",
  wrong_domain:
    "That Google account isn't one of your organisation's. Sign in with your school Google account.",
  unverified_email:
    "Your account's email address isn't verified by its provider, so it can't be used to sign in here.",
  look_alike_email:
    "Your email address has a character that looks like another letter, so it can't be used here. Ask your administrator to check the address.",
  identity_mismatch:
    'Your account here is linked to a different account at that provider. Sign in with the one you used before, or ask your administrator.',
  no_email:
    "Your provider didn't share your email address, so we can't tell which account is yours.",
  tenant_not_allowed:
    "That Microsoft account isn't one of your organisation's. Sign in with your school Microsoft account.",
  issuer_mismatch:
    "Microsoft's answer didn't come from your account's own organisation, so it was refused. Please try again; if it keeps happening, tell your administrator.",
  no_account:
    "There's no account for your email address in this organisation. Ask your administrator to add you.",
  inactive: 'Your account has been deactivated. Please contact your administrator.',
  too_many: 'Too many sign-ins from your network. Please wait a few minutes and try again.',
  failed:
    "Signing in didn't work. Please try again; if it keeps failing, ask your administrator to check the sign-in settings.",
};

/** The message for `?sso_error=` of the current address, or undefined when there is none. */
export function ssoErrorMessage(search: string): string | undefined {
  const reason = new URLSearchParams(search).get('sso_error');
  if (reason === null) return undefined;
  return SSO_ERROR_MESSAGES[reason] ?? SSO_ERROR_MESSAGES.failed;
}
