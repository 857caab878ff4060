/**
 * The organisation last signed in to on this browser, so "Forgot password" can offer it: someone
 * who forgot their password has usually signed in here before and may not remember the subdomain.
 * Not a secret (it is typed into public forms), so localStorage beside the session token is fine.
 */
export const LAST_ORGANIZATION_STORAGE_KEY = 'lastOrganizationSubdomain';

export function rememberLastOrganization(subdomain: string): void {
  try {
    window.localStorage.setItem(LAST_ORGANIZATION_STORAGE_KEY, subdomain);
  } catch {
    // Storage can be disabled; the forms then simply start empty.
  }
}

/** The remembered subdomain, or an empty string for a form field's initial value. */
export function readLastOrganization(): string {
  try {
    return window.localStorage.getItem(LAST_ORGANIZATION_STORAGE_KEY) ?? '';
  } catch {
    return '';
  }
}
