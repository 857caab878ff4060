import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { autoApproval, currentUser } from '@/testing/fixtures';
import {
  callCount,
  fill,
  renderWithProviders,
  sentBodies,
  setupUser,
  stubFetch,
} from '@/testing/test-utils';

import { AutoApprovalSettingsCard } from './auto-approval-settings-card';

const GET = 'GET /api/auto-approval-settings';
const POST = 'POST /api/auto-approval-settings';

const SWAPS = 'Auto-approve swap requests';
const CANCELLATIONS = 'Auto-approve cancel requests';
const AUTO_FILL = 'Auto-fill cancelled duties';

function card() {
  return screen.getByRole('region', { name: 'Auto-Approval Settings' });
}

/** The view mode's rows, e.g. "Auto-approve swap requestsOff". */
async function savedRows(): Promise<(string | null)[]> {
  const list = await within(card()).findByRole('list', { name: 'Saved auto-approval settings' });
  return within(list)
    .getAllByRole('listitem')
    .map((row) => row.textContent);
}

async function edit(user: UserEvent) {
  await user.click(await within(card()).findByRole('button', { name: 'Edit' }));
}

function toggle(name: string): HTMLElement {
  return within(card()).getByRole('switch', { name });
}

function password(): HTMLElement {
  return within(card()).getByLabelText('Admin password');
}

describe('Auto-Approval Settings card', () => {
  let user: UserEvent;

  beforeEach(() => {
    user = setupUser();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the stored values, after a skeleton while loading', async () => {
    const fetchMock = stubFetch({ [GET]: { body: autoApproval() } });
    renderWithProviders(<AutoApprovalSettingsCard />);

    expect(
      within(card()).getByRole('status', { name: 'Loading auto-approval settings' }),
    ).toBeInTheDocument();
    expect(await savedRows()).toEqual([`${SWAPS}Off`, `${CANCELLATIONS}On`, `${AUTO_FILL}On`]);
    expect(within(card()).queryByRole('switch')).not.toBeInTheDocument();
    expect(within(card()).queryByLabelText('Admin password')).not.toBeInTheDocument();
    expect(callCount(fetchMock, GET)).toBe(1);
  });

  it('edits with three explained switches and the admin password; Cancel restores the saved values', async () => {
    const fetchMock = stubFetch({ [GET]: { body: autoApproval() } });
    renderWithProviders(<AutoApprovalSettingsCard />);
    await edit(user);

    expect(toggle(SWAPS)).not.toBeChecked();
    expect(toggle(CANCELLATIONS)).toBeChecked();
    expect(toggle(AUTO_FILL)).toBeChecked();
    expect(within(card()).getByText(/cover or trade request is approved at once/)).toBeVisible();
    expect(within(card()).getByText(/cancel request is approved at once/)).toBeVisible();
    expect(within(card()).getByText(/eligible person with the fewest duties/)).toBeVisible();
    expect(password()).toHaveAttribute('type', 'password');
    expect(password()).toHaveValue('');
    expect(
      within(card()).getByText('Your own password — the one you sign in with.'),
    ).toBeInTheDocument();
    expect(within(card()).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();

    await user.click(toggle(SWAPS));
    await user.click(toggle(AUTO_FILL));
    await fill(user, password(), 'secret-1');
    expect(toggle(SWAPS)).toBeChecked();
    await user.click(within(card()).getByRole('button', { name: 'Cancel' }));

    expect(await savedRows()).toEqual([`${SWAPS}Off`, `${CANCELLATIONS}On`, `${AUTO_FILL}On`]);
    await edit(user);
    expect(toggle(SWAPS)).not.toBeChecked();
    expect(toggle(AUTO_FILL)).toBeChecked();
    expect(password()).toHaveValue('');
    expect(callCount(fetchMock, POST)).toBe(0);
  });

  it('refuses to save without the admin password, and asks nothing of the server', async () => {
    const fetchMock = stubFetch({ [GET]: { body: autoApproval() } });
    renderWithProviders(<AutoApprovalSettingsCard />);
    await edit(user);

    await user.click(toggle(SWAPS));
    await user.click(within(card()).getByRole('button', { name: 'Save' }));

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Admin Password Required')).toBeInTheDocument();
    expect(
      within(alert).getByText('Please enter the admin password to save settings.'),
    ).toBeInTheDocument();
    expect(callCount(fetchMock, POST)).toBe(0);
    // Still editing, with the change kept, and the password field ready.
    expect(toggle(SWAPS)).toBeChecked();
    expect(password()).toHaveFocus();
  });

  it('saves the switches with the password, says so and goes back to the view', async () => {
    const saved = autoApproval({ swaps: true, autoFillCancellations: false });
    const fetchMock = stubFetch({
      [GET]: [{ body: autoApproval() }, { body: saved }],
      [POST]: { body: saved },
    });
    renderWithProviders(<AutoApprovalSettingsCard />);
    await edit(user);

    await user.click(toggle(SWAPS));
    await user.click(toggle(AUTO_FILL));
    await fill(user, password(), 'my own password');
    await user.click(within(card()).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Settings updated')).toBeInTheDocument();
    expect(screen.getByText('Auto-approval settings saved')).toBeInTheDocument();
    expect(sentBodies(fetchMock, POST)).toEqual([
      {
        adminPassword: 'my own password',
        swaps: true,
        cancellations: true,
        autoFillCancellations: false,
      },
    ]);
    expect(await savedRows()).toEqual([`${SWAPS}On`, `${CANCELLATIONS}On`, `${AUTO_FILL}Off`]);
    expect(within(card()).queryByLabelText('Admin password')).not.toBeInTheDocument();

    // The password is not kept for the next edit.
    await edit(user);
    expect(password()).toHaveValue('');
    expect(toggle(SWAPS)).toBeChecked();
  });

  it('shows the server’s message for a wrong password, and clears the field for another try', async () => {
    const fetchMock = stubFetch({
      [GET]: { body: autoApproval() },
      [POST]: {
        status: 403,
        body: {
          statusCode: 403,
          error: 'Forbidden',
          code: 'admin_password_incorrect',
          message: 'The admin password is not correct. Enter the password you sign in with.',
        },
      },
    });
    renderWithProviders(<AutoApprovalSettingsCard />);
    await edit(user);

    await user.click(toggle(CANCELLATIONS));
    await fill(user, password(), 'wrong');
    await user.click(within(card()).getByRole('button', { name: 'Save' }));

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Error')).toBeInTheDocument();
    expect(
      within(alert).getByText(
        'The admin password is not correct. Enter the password you sign in with.',
      ),
    ).toBeInTheDocument();
    expect(sentBodies(fetchMock, POST)).toHaveLength(1);
    await waitFor(() => expect(password()).toHaveValue(''));
    expect(password()).toHaveFocus();
    expect(toggle(CANCELLATIONS)).not.toBeChecked();
  });

  it('gives the server’s refusal of a missing password its own title', async () => {
    stubFetch({
      [GET]: { body: autoApproval() },
      [POST]: {
        status: 400,
        body: {
          statusCode: 400,
          error: 'Bad Request',
          code: 'admin_password_required',
          message: 'Please enter the admin password to save settings.',
        },
      },
    });
    renderWithProviders(<AutoApprovalSettingsCard />);
    await edit(user);

    await fill(user, password(), ' ');
    await user.click(within(card()).getByRole('button', { name: 'Save' }));

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Admin Password Required')).toBeInTheDocument();
    expect(
      within(alert).getByText('Please enter the admin password to save settings.'),
    ).toBeInTheDocument();
  });

  it('shows the server’s message when there were too many wrong passwords', async () => {
    stubFetch({
      [GET]: { body: autoApproval() },
      [POST]: {
        status: 429,
        body: {
          statusCode: 429,
          error: 'Too Many Requests',
          message: 'Too many wrong admin passwords. Try again in 15 minutes.',
        },
      },
    });
    renderWithProviders(<AutoApprovalSettingsCard />);
    await edit(user);

    await fill(user, password(), 'guess');
    await user.click(within(card()).getByRole('button', { name: 'Save' }));

    const alert = await screen.findByRole('alert');
    expect(
      within(alert).getByText('Too many wrong admin passwords. Try again in 15 minutes.'),
    ).toBeInTheDocument();
    expect(toggle(SWAPS)).toBeInTheDocument();
  });

  it('falls back to a fixed message when the server gives none', async () => {
    stubFetch({
      [GET]: { body: autoApproval() },
      [POST]: { networkError: true },
    });
    renderWithProviders(<AutoApprovalSettingsCard />);
    await edit(user);

    await fill(user, password(), 'secret-1');
    await user.click(within(card()).getByRole('button', { name: 'Save' }));

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Error')).toBeInTheDocument();
    expect(within(alert).getByText('Failed to update settings')).toBeInTheDocument();
  });

  it('shows the red panel once the load has failed four times, 1 second apart', async () => {
    // Fake timers that still follow the real clock, so Testing Library's waiting works, while
    // the retries' 1-second pauses are skipped over.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = stubFetch({
      [GET]: {
        status: 500,
        body: { statusCode: 500, error: 'Internal Server Error', message: 'Database down' },
      },
    });
    renderWithProviders(<AutoApprovalSettingsCard />);

    await waitFor(() => expect(callCount(fetchMock, GET)).toBe(1));
    // Still loading between the tries: no panel yet.
    expect(within(card()).getByRole('status')).toBeInTheDocument();
    expect(within(card()).queryByRole('alert')).not.toBeInTheDocument();
    for (const calls of [2, 3, 4]) {
      await vi.advanceTimersByTimeAsync(1000);
      await waitFor(() => expect(callCount(fetchMock, GET)).toBe(calls));
    }

    const alert = await within(card()).findByRole('alert');
    expect(within(alert).getByText('Failed to load auto-approval settings')).toBeInTheDocument();
    expect(
      within(alert).getByText(
        'Please try refreshing the page or contact support if the issue persists.',
      ),
    ).toBeInTheDocument();
    expect(alert).toHaveClass('ant-alert-error');
    expect(within(card()).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(5000);
    expect(callCount(fetchMock, GET)).toBe(4);
  });

  it('asks for a code from the authenticator app too when the admin has two-step verification on', async () => {
    const fetchMock = stubFetch({
      'GET /api/auth/user': { body: currentUser({ user: { twoFactorEnabled: true } }) },
      [GET]: { body: autoApproval() },
      [POST]: [
        {
          status: 403,
          body: {
            statusCode: 403,
            error: 'Forbidden',
            code: 'two_factor_code_incorrect',
            message:
              'That code is not correct. Enter the current code from your authenticator app, or a recovery code.',
          },
        },
        { body: autoApproval({ swaps: true }) },
      ],
    });
    renderWithProviders(<AutoApprovalSettingsCard />);
    await edit(user);
    await user.click(toggle(SWAPS));
    await fill(user, password(), 'my own password');
    const code = await within(card()).findByLabelText('Authentication code');
    await fill(user, code, '000000');
    await user.click(within(card()).getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText(
        'That code is not correct. Enter the current code from your authenticator app, or a recovery code.',
      ),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(within(card()).getByLabelText('Authentication code')).toHaveValue(''),
    );

    await fill(user, within(card()).getByLabelText('Authentication code'), ' 123456 ');
    await user.click(within(card()).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Settings updated')).toBeInTheDocument();
    expect(sentBodies(fetchMock, POST)).toEqual([
      {
        adminPassword: 'my own password',
        twoFactorCode: '000000',
        swaps: true,
        cancellations: true,
        autoFillCancellations: true,
      },
      {
        adminPassword: 'my own password',
        twoFactorCode: '123456',
        swaps: true,
        cancellations: true,
        autoFillCancellations: true,
      },
    ]);
  });
});
