import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import { AccessContext, accessFor } from '@/shared/auth/access';
import { currentUser } from '@/testing/fixtures';
import { fill, renderWithProviders, sentBodies, setupUser, stubFetch } from '@/testing/test-utils';

import { DeleteOrganizationCard } from './delete-organization-card';
import { OrganizationDeletionBanner } from './organization-deletion-banner';

const GET = 'GET /api/organization/deletion';
const POST = 'POST /api/organization/deletion';
const DELETE = 'DELETE /api/organization/deletion';
const NAME = 'Hillside Primary School';
const NONE = { pending: false, requestedAt: null, dueAt: null, dueDate: null };
const PENDING = {
  pending: true,
  requestedAt: '2025-09-08T08:00:00.000Z',
  dueAt: '2025-10-08T08:00:00.000Z',
  dueDate: '2025-10-08',
};

const card = () => screen.getByRole('region', { name: 'Delete this organisation' });

describe('Delete this organisation', () => {
  let user: UserEvent;

  beforeEach(() => {
    user = setupUser();
  });

  it('explains the grace period and asks for the name typed exactly and the password', async () => {
    const fetchMock = stubFetch({
      'GET /api/auth/user': { body: currentUser() },
      [GET]: [{ body: NONE }, { body: PENDING }],
      [POST]: { body: PENDING },
    });
    renderWithProviders(<DeleteOrganizationCard />);

    expect(
      await within(card()).findByText(/For 30 days the organisation is read-only/),
    ).toBeInTheDocument();
    await user.click(within(card()).getByRole('button', { name: 'Delete this organisation…' }));
    const dialog = await screen.findByRole('dialog', { name: `Delete ${NAME}?` });
    const confirm = within(dialog).getByRole('button', { name: 'Delete this organisation' });
    expect(confirm).toBeDisabled();
    await fill(
      user,
      within(dialog).getByLabelText(`Type ${NAME} to confirm`),
      'hillside primary school',
    );
    expect(confirm).toBeDisabled();
    await fill(user, within(dialog).getByLabelText(`Type ${NAME} to confirm`), NAME);
    await fill(user, within(dialog).getByLabelText('Your password'), 'my own password');
    await user.click(confirm);

    expect(
      await screen.findByText(
        `${NAME} will be deleted on Wednesday 8 October 2025. Every admin has been emailed.`,
      ),
    ).toBeInTheDocument();
    expect(sentBodies(fetchMock, POST)).toEqual([
      { confirmName: NAME, password: 'my own password' },
    ]);
    expect(
      await within(card()).findByText(`${NAME} will be deleted on Wednesday 8 October 2025.`),
    ).toBeInTheDocument();
    expect(within(card()).getByRole('button', { name: 'Restore' })).toBeInTheDocument();
  });

  it('shows the server’s refusal and keeps the dialog open', async () => {
    stubFetch({
      'GET /api/auth/user': { body: currentUser() },
      [GET]: { body: NONE },
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
    renderWithProviders(<DeleteOrganizationCard />);

    await user.click(
      await within(card()).findByRole('button', { name: 'Delete this organisation…' }),
    );
    const dialog = await screen.findByRole('dialog', { name: `Delete ${NAME}?` });
    await fill(user, within(dialog).getByLabelText(`Type ${NAME} to confirm`), NAME);
    await fill(user, within(dialog).getByLabelText('Your password'), 'wrong');
    await user.click(within(dialog).getByRole('button', { name: 'Delete this organisation' }));

    expect(await screen.findByText('The password is not correct.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: `Delete ${NAME}?` })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Your password')).toHaveValue('');
  });

  it('says when it failed to load, with a retry', async () => {
    stubFetch({ 'GET /api/auth/user': { body: currentUser() }, [GET]: { status: 500, body: {} } });
    renderWithProviders(<DeleteOrganizationCard />);
    expect(
      await within(card()).findByText('Failed to load whether the organisation is to be deleted'),
    ).toBeInTheDocument();
    expect(within(card()).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('the grace banner', () => {
  let user: UserEvent;

  beforeEach(() => {
    user = setupUser();
  });

  it('shows nothing when no deletion is pending', async () => {
    const fetchMock = stubFetch({
      'GET /api/auth/user': { body: currentUser() },
      [GET]: { body: NONE },
    });
    renderWithProviders(
      <AccessContext value={accessFor('admin')}>
        <OrganizationDeletionBanner />
      </AccessContext>,
    );
    await expect.poll(() => fetchMock.mock.calls.length).toBeGreaterThan(0);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('tells staff the date, without Restore', async () => {
    stubFetch({ 'GET /api/auth/user': { body: currentUser() }, [GET]: { body: PENDING } });
    renderWithProviders(
      <AccessContext value={accessFor('staff')}>
        <OrganizationDeletionBanner />
      </AccessContext>,
    );
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent(
      'This organisation will be deleted on Wednesday 8 October 2025.',
    );
    expect(banner).toHaveTextContent('An admin can restore it.');
    expect(within(banner).queryByRole('button', { name: 'Restore' })).not.toBeInTheDocument();
  });

  it('lets an admin restore it with their password', async () => {
    const fetchMock = stubFetch({
      'GET /api/auth/user': { body: currentUser() },
      [GET]: [{ body: PENDING }, { body: NONE }],
      [DELETE]: { body: NONE },
    });
    renderWithProviders(
      <AccessContext value={accessFor('admin')}>
        <OrganizationDeletionBanner />
      </AccessContext>,
    );
    await user.click(
      await within(await screen.findByRole('alert')).findByRole('button', { name: 'Restore' }),
    );
    const dialog = await screen.findByRole('dialog', { name: `Restore ${NAME}` });
    await fill(user, within(dialog).getByLabelText('Your password'), 'my own password');
    await user.click(within(dialog).getByRole('button', { name: 'Restore' }));

    expect(await screen.findByText(`${NAME} will not be deleted.`)).toBeInTheDocument();
    expect(sentBodies(fetchMock, DELETE)).toEqual([{ password: 'my own password' }]);
    await expect.poll(() => screen.queryByText(/This organisation will be deleted/)).toBeNull();
  });
});
