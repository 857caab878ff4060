import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { findToast } from '@/testing/antd-helpers';
import { callCount, renderWithProviders, setupUser, stubFetch } from '@/testing/test-utils';

import { PendingEmailChange } from './pending-email-change';

const APPROVE = 'POST /api/auth/email-change/approve';

describe('PendingEmailChange', () => {
  it('asks the owner to approve a change someone else asked for, and approves it', async () => {
    const fetchMock = stubFetch({
      [APPROVE]: {
        body: {
          complete: false,
          message:
            'You approved the change. It takes effect once new@school.example confirms it with the link sent there.',
        },
      },
    });
    const user = setupUser();
    renderWithProviders(
      <PendingEmailChange
        pending={{
          newEmail: 'new@school.example',
          requestedBy: 'Ann Admin',
          awaitingYourApproval: true,
          awaitingNewAddress: true,
        }}
      />,
    );
    expect(
      screen.getByText(/Ann Admin asked to change your sign-in email to new@school.example/),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Approve the change' }));
    expect(await findToast('status', 'Change approved')).toHaveTextContent(
      'You approved the change.',
    );
    expect(callCount(fetchMock, APPROVE)).toBe(1);
  });

  it('only says what is pending when the owner asked for it themselves', () => {
    renderWithProviders(
      <PendingEmailChange
        pending={{
          newEmail: 'new@school.example',
          requestedBy: 'Me',
          awaitingYourApproval: false,
          awaitingNewAddress: true,
        }}
      />,
    );
    expect(
      screen.getByText(/It changes to new@school.example once that address confirms it/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve the change' })).not.toBeInTheDocument();
  });
});
