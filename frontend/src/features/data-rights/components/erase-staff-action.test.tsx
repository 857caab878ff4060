import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import { currentUser } from '@/testing/fixtures';
import { fill, renderWithProviders, sentBodies, setupUser, stubFetch } from '@/testing/test-utils';

import { EraseStaffAction } from './erase-staff-action';

const USER = 'GET /api/auth/user';

const GET = 'GET /api/staff/s1/erasure';
const POST = 'POST /api/staff/s1/erasure';
const CONSEQUENCES = {
  staffId: 's1',
  name: 'Zed Person',
  pseudonym: 'Former staff 7F3A9C21',
  isActive: true,
  alreadyErased: false,
  futureDutiesGivenUp: 3,
  dutiesKept: 12,
  requestsKept: 2,
  unavailabilityKept: 1,
  notificationsDeleted: 5,
  emailsScrubbed: 9,
  hasAccount: true,
};

const render = () => renderWithProviders(<EraseStaffAction staffId="s1" name="Zed Person" />);

describe('Staff Management: Erase personal data…', () => {
  let user: UserEvent;

  beforeEach(() => {
    user = setupUser();
  });

  it('shows the consequences, asks for the password, and erases', async () => {
    const fetchMock = stubFetch({
      [USER]: { body: currentUser() },
      [GET]: { body: CONSEQUENCES },
      [POST]: {
        body: {
          staffId: 's1',
          pseudonym: 'Former staff 7F3A9C21',
          message: 'Erased the personal data of Former staff 7F3A9C21.',
        },
      },
    });
    render();
    await user.click(screen.getByRole('button', { name: 'Erase personal data of Zed Person' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Erase the personal data of Zed Person?',
    });
    expect(await within(dialog).findByText(/giving up 3 duties from today on/)).toBeInTheDocument();
    expect(
      within(dialog).getByText(/12 duties, 2 requests and 1 unavailability entry/),
    ).toBeInTheDocument();
    expect(within(dialog).getByText(/"Former staff 7F3A9C21" everywhere/)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Erase personal data' }));
    expect(await within(dialog).findByText('Password is required')).toBeInTheDocument();
    await fill(user, within(dialog).getByLabelText('Your password'), 'my password');
    await user.click(within(dialog).getByRole('button', { name: 'Erase personal data' }));

    expect(
      await screen.findByText('Erased the personal data of Former staff 7F3A9C21.'),
    ).toBeInTheDocument();
    expect(sentBodies(fetchMock, POST)).toEqual([{ password: 'my password' }]);
  });

  it("shows the server's refusal in the dialog", async () => {
    stubFetch({
      [USER]: { body: currentUser() },
      [GET]: { body: CONSEQUENCES },
      [POST]: {
        status: 403,
        body: {
          statusCode: 403,
          error: 'Forbidden',
          message: 'The password is not correct.',
          code: 'password_incorrect',
        },
      },
    });
    render();
    await user.click(screen.getByRole('button', { name: 'Erase personal data of Zed Person' }));
    const dialog = await screen.findByRole('dialog');
    await fill(user, await within(dialog).findByLabelText('Your password'), 'wrong');
    await user.click(within(dialog).getByRole('button', { name: 'Erase personal data' }));
    expect(await within(dialog).findByText('The password is not correct.')).toBeInTheDocument();
  });
});
