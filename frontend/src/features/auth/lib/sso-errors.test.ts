import { describe, expect, it } from 'vitest';

import { SSO_ERROR_MESSAGES, ssoErrorMessage } from './sso-errors';

describe('ssoErrorMessage', () => {
  it('reads the reason the server sent the browser back with', () => {
    expect(ssoErrorMessage('?sso_error=expired')).toBe(
      'Sign-in took too long or was already used; please try again.',
    );
    expect(ssoErrorMessage('?sso_error=no_account&x=1')).toBe(SSO_ERROR_MESSAGES.no_account);
  });

  it('says nothing without a reason, and the general words for an unknown one', () => {
    expect(ssoErrorMessage('')).toBeUndefined();
    expect(ssoErrorMessage('?sso_error=something-new')).toBe(SSO_ERROR_MESSAGES.failed);
  });
});
