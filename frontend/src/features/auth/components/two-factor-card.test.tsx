import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { saveBlob } from '@/shared/api/download-file';
import { currentUser } from '@/testing/fixtures';
import {
  callCount,
  fill,
  renderApp,
  sentBodies,
  setupUser,
  storeToken,
  stubFetch,
} from '@/testing/test-utils';

vi.mock('@/shared/api/download-file', async (original) => ({
  ...(await original<typeof import('@/shared/api/download-file')>()),
  saveBlob: vi.fn(),
}));

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const CODES = Array.from({ length: 10 }, (_, i) => `code-${i}aaa-bbbb-cccc`);
const OFF = { enabled: false, recoveryCodesLeft: 0 };
const ON = { enabled: true, recoveryCodesLeft: 10 };

function refusal(status: number, message: string, code: string) {
  return { status, body: { statusCode: status, error: 'Error', message, code } };
}

/** jsdom's Blob has no text(). */
function readBlob(blob: Blob): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });
}

function card() {
  return screen.getByRole('region', { name: 'Two-step verification' });
}

describe('Account security: two-step verification', () => {
  let user: UserEvent;

  beforeEach(() => {
    user = setupUser();
    vi.mocked(saveBlob).mockClear();
    storeToken();
  });

  it('is turned on with the password, the QR code or setup key and a first code, then shows the recovery codes once', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    const fetchMock = stubFetch({
      'GET /api/auth/user': { body: currentUser() },
      'GET /api/auth/two-factor': [{ body: OFF }, { body: ON }],
      'POST /api/auth/two-factor/setup': [
        refusal(
          403,
          'The password is not correct. Enter the password you sign in with.',
          'password_incorrect',
        ),
        {
          body: { secret: SECRET, otpauthUri: `otpauth://totp/Duty%20Manager:x?secret=${SECRET}` },
        },
      ],
      'POST /api/auth/two-factor/enable': [
        refusal(
          400,
          'That code is not correct. Enter the 6-digit code your authenticator app shows now.',
          'two_factor_code_incorrect',
        ),
        { body: { recoveryCodes: CODES } },
      ],
    });
    renderApp('/account');

    expect(await screen.findByRole('heading', { level: 1, name: 'Account' })).toBeInTheDocument();
    expect(
      await within(card()).findByText('Signing in asks for your password only.'),
    ).toBeInTheDocument();
    await user.click(within(card()).getByRole('button', { name: 'Turn on two-step verification' }));

    await fill(user, within(card()).getByLabelText('Password'), 'not-mine');
    await user.click(within(card()).getByRole('button', { name: 'Continue' }));
    expect(
      await screen.findByText('The password is not correct. Enter the password you sign in with.'),
    ).toBeInTheDocument();
    await vi.waitFor(() => expect(within(card()).getByLabelText('Password')).toHaveValue(''));
    await fill(user, within(card()).getByLabelText('Password'), 'secret1');
    await user.click(within(card()).getByRole('button', { name: 'Continue' }));

    expect(
      await within(card()).findByRole('img', { name: 'QR code for your authenticator app' }),
    ).toBeInTheDocument();
    expect(within(card()).getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();
    await fill(user, within(card()).getByLabelText('Authentication code'), '111111');
    await user.click(within(card()).getByRole('button', { name: 'Turn on' }));
    expect(
      await screen.findByText(
        'That code is not correct. Enter the 6-digit code your authenticator app shows now.',
      ),
    ).toBeInTheDocument();
    await fill(user, within(card()).getByLabelText('Authentication code'), '222222');
    await user.click(within(card()).getByRole('button', { name: 'Turn on' }));

    const list = await within(card()).findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES);
    expect(within(card()).getByText('Save your recovery codes')).toBeInTheDocument();
    // While the codes are shown, nothing refreshes the user (an admin who had to turn it on
    // would otherwise be taken into the app before saving them).
    expect(callCount(fetchMock, 'GET /api/auth/user')).toBe(1);
    expect(callCount(fetchMock, 'GET /api/auth/two-factor')).toBe(1);

    await user.click(within(card()).getByRole('button', { name: 'Copy codes' }));
    expect(writeText).toHaveBeenCalledWith(CODES.join('\n'));
    expect(await screen.findByText('Recovery codes copied to clipboard')).toBeInTheDocument();
    await user.click(within(card()).getByRole('button', { name: 'Download codes' }));
    expect(saveBlob).toHaveBeenCalledWith('duty-manager-recovery-codes.txt', expect.any(Blob));
    const file = await readBlob(vi.mocked(saveBlob).mock.calls[0]![1]);
    expect(file).toContain('ada@hillside.example (Hillside Primary School)');
    for (const code of CODES) expect(file).toContain(code);

    await user.click(
      within(card()).getByRole('button', { name: 'I have saved my recovery codes' }),
    );
    expect(await within(card()).findByText('Recovery codes left: 10')).toBeInTheDocument();
    expect(within(card()).queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
    expect(callCount(fetchMock, 'GET /api/auth/user')).toBe(2);
    expect(sentBodies(fetchMock, 'POST /api/auth/two-factor/setup')).toEqual([
      { password: 'not-mine' },
      { password: 'secret1' },
    ]);
    expect(sentBodies(fetchMock, 'POST /api/auth/two-factor/enable')).toEqual([
      { code: '111111' },
      { code: '222222' },
    ]);
  });

  it('is turned off with the password and a code', async () => {
    const fetchMock = stubFetch({
      'GET /api/auth/user': { body: currentUser({ user: { twoFactorEnabled: true } }) },
      'GET /api/auth/two-factor': [
        { body: { enabled: true, recoveryCodesLeft: 2 } },
        { body: OFF },
      ],
      'POST /api/auth/two-factor/disable': { body: OFF },
    });
    renderApp('/account');

    await screen.findByRole('region', { name: 'Two-step verification' });
    expect(await within(card()).findByText('Recovery codes left: 2')).toBeInTheDocument();
    expect(within(card()).getByText('You are running out of recovery codes')).toBeInTheDocument();
    await user.click(within(card()).getByRole('button', { name: 'Turn off' }));
    await user.click(within(card()).getByRole('button', { name: 'Turn off' }));
    expect(await within(card()).findByText('Password is required')).toBeInTheDocument();
    expect(
      within(card()).getByText('Enter the 6-digit code from your authenticator app.'),
    ).toBeInTheDocument();
    await fill(user, within(card()).getByLabelText('Password'), 'secret1');
    await fill(user, within(card()).getByLabelText('Authentication code'), ' 123456 ');
    await user.click(within(card()).getByRole('button', { name: 'Turn off' }));

    expect(await screen.findByText('Two-step verification is off')).toBeInTheDocument();
    expect(
      await within(card()).findByText('Signing in asks for your password only.'),
    ).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST /api/auth/two-factor/disable')).toEqual([
      { password: 'secret1', code: '123456' },
    ]);
  });

  it('says so when the status can’t be loaded, and tries again', async () => {
    stubFetch({
      'GET /api/auth/user': { body: currentUser() },
      'GET /api/auth/two-factor': [
        { status: 500, body: { statusCode: 500, message: 'Boom', error: 'Error' } },
        { body: OFF },
      ],
    });
    renderApp('/account');
    expect(await screen.findByText('Failed to load two-step verification')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await within(card()).findByText('Signing in asks for your password only.'),
    ).toBeInTheDocument();
  });

  it('takes an admin who must turn it on straight to its setup, and into the app once the codes are saved', async () => {
    const fetchMock = stubFetch({
      'GET /api/auth/user': [
        { body: currentUser({ user: { twoFactorEnabled: false, twoFactorSetupRequired: true } }) },
        { body: currentUser({ user: { twoFactorEnabled: true, twoFactorSetupRequired: false } }) },
      ],
      'GET /api/auth/two-factor': [{ body: OFF }, { body: ON }],
      'POST /api/auth/two-factor/setup': {
        body: { secret: SECRET, otpauthUri: `otpauth://totp/x?secret=${SECRET}` },
      },
      'POST /api/auth/two-factor/enable': { body: { recoveryCodes: CODES } },
    });
    renderApp('/account');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Turn on two-step verification' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Hillside Primary School requires two-step verification for admins.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();

    // The page's heading comes before the card's own state has loaded (GET /api/auth/two-factor).
    await user.click(
      await within(card()).findByRole('button', { name: 'Turn on two-step verification' }),
    );
    await fill(user, within(card()).getByLabelText('Password'), 'secret1');
    await user.click(within(card()).getByRole('button', { name: 'Continue' }));
    await fill(user, await within(card()).findByLabelText('Authentication code'), '222222');
    await user.click(within(card()).getByRole('button', { name: 'Turn on' }));
    await user.click(
      await within(card()).findByRole('button', { name: 'I have saved my recovery codes' }),
    );

    expect(await screen.findByRole('heading', { level: 1, name: 'Account' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
    expect(callCount(fetchMock, 'GET /api/auth/user')).toBe(2);
  });
});
