import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import { currentUser } from '@/testing/fixtures';
import { fill, renderWithProviders, sentBodies, setupUser, stubFetch } from '@/testing/test-utils';

import { TwoFactorRequirementCard } from './two-factor-requirement-card';

const GET = 'GET /api/settings/two-factor-requirement';
const POST = 'POST /api/settings/two-factor-requirement';
const LABEL = 'Require two-step verification for admins';

function card() {
  return screen.getByRole('region', { name: 'Two-step verification' });
}

describe('Sign-in settings: two-step verification for admins', () => {
  let user: UserEvent;

  beforeEach(() => {
    user = setupUser();
  });

  it('is turned on with the password and a code, and says how many admins still have to set it up', async () => {
    const saved = { requireAdminTwoFactor: true, adminsWithoutTwoFactor: 2 };
    const fetchMock = stubFetch({
      'GET /api/auth/user': { body: currentUser({ user: { twoFactorEnabled: true } }) },
      [GET]: [
        { body: { requireAdminTwoFactor: false, adminsWithoutTwoFactor: 2 } },
        { body: saved },
      ],
      [POST]: { body: saved },
    });
    renderWithProviders(<TwoFactorRequirementCard />);

    const list = await within(card()).findByRole('list', { name: 'Saved sign-in settings' });
    expect(list).toHaveTextContent(`${LABEL}Off`);
    await user.click(within(card()).getByRole('button', { name: 'Edit' }));
    await user.click(within(card()).getByRole('switch', { name: LABEL }));
    expect(
      within(card()).queryByText('Turn on two-step verification for your own account first'),
    ).not.toBeInTheDocument();
    await fill(user, within(card()).getByLabelText('Your password'), 'my own password');
    await fill(user, await within(card()).findByLabelText('Authentication code'), '123456');
    await user.click(within(card()).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Sign-in settings saved')).toBeInTheDocument();
    expect(sentBodies(fetchMock, POST)).toEqual([
      { requireAdminTwoFactor: true, password: 'my own password', code: '123456' },
    ]);
    expect(
      await within(card()).findByText(
        '2 admins have not turned it on yet: until they do, they can only set it up.',
      ),
    ).toBeInTheDocument();
  });

  it('tells an admin without it to turn it on for themselves first, and shows the server’s refusal', async () => {
    const fetchMock = stubFetch({
      'GET /api/auth/user': { body: currentUser({ user: { twoFactorEnabled: false } }) },
      [GET]: { body: { requireAdminTwoFactor: false, adminsWithoutTwoFactor: 1 } },
      [POST]: {
        status: 409,
        body: {
          statusCode: 409,
          error: 'Conflict',
          code: 'two_factor_not_enabled',
          message:
            'Turn on two-step verification for your own account first (Account security), so the requirement cannot lock you out.',
        },
      },
    });
    renderWithProviders(<TwoFactorRequirementCard />);
    await user.click(await within(card()).findByRole('button', { name: 'Edit' }));
    await user.click(within(card()).getByRole('switch', { name: LABEL }));

    expect(
      await within(card()).findByText('Turn on two-step verification for your own account first'),
    ).toBeInTheDocument();
    expect(within(card()).getByRole('link', { name: 'Account security' })).toHaveAttribute(
      'href',
      '/account',
    );
    expect(within(card()).queryByLabelText('Authentication code')).not.toBeInTheDocument();
    await fill(user, within(card()).getByLabelText('Your password'), 'my own password');
    await user.click(within(card()).getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText(
        'Turn on two-step verification for your own account first (Account security), so the requirement cannot lock you out.',
      ),
    ).toBeInTheDocument();
    expect(sentBodies(fetchMock, POST)).toEqual([
      { requireAdminTwoFactor: true, password: 'my own password' },
    ]);
  });
});
