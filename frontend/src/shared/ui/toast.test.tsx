import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '@/testing/test-utils';

import { queueToast, useToast, type ToastOptions } from './toast';

function Trigger({ options }: { options: ToastOptions }) {
  const toast = useToast();
  return (
    <button type="button" onClick={() => toast(options)}>
      Show
    </button>
  );
}

describe('useToast', () => {
  it('shows a failure as an alert titled Error unless told otherwise', async () => {
    renderWithProviders(
      <Trigger options={{ variant: 'destructive', description: 'Failed to add holiday' }} />,
    );

    await userEvent.click(screen.getByRole('button', { name: 'Show' }));

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Error')).toBeInTheDocument();
    expect(within(alert).getByText('Failed to add holiday')).toBeInTheDocument();
  });

  it('uses a specific title for a failure when given one', async () => {
    renderWithProviders(
      <Trigger
        options={{
          variant: 'destructive',
          title: 'Login failed',
          description: 'Invalid credentials',
        }}
      />,
    );

    await userEvent.click(screen.getByRole('button', { name: 'Show' }));

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Login failed')).toBeInTheDocument();
    expect(within(alert).queryByText('Error')).not.toBeInTheDocument();
  });

  it('announces other toasts politely', async () => {
    renderWithProviders(<Trigger options={{ title: 'Email Verified', description: 'Done.' }} />);

    await userEvent.click(screen.getByRole('button', { name: 'Show' }));

    expect(await screen.findByText('Email Verified')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('queueToast', () => {
  it('shows the toast on the next page load, once', async () => {
    queueToast({ title: 'Welcome back!', description: 'You are signed in.' });

    const first = renderWithProviders(<p>Page</p>);

    expect(await screen.findByText('Welcome back!')).toBeInTheDocument();
    expect(screen.getByText('You are signed in.')).toBeInTheDocument();
    first.unmount();

    renderWithProviders(<p>Page</p>);

    await screen.findByText('Page');
    expect(screen.queryByText('Welcome back!')).not.toBeInTheDocument();
  });

  it('ignores a queued value it cannot read', async () => {
    window.sessionStorage.setItem('queuedToast', '{not json');

    renderWithProviders(<p>Page</p>);

    expect(await screen.findByText('Page')).toBeInTheDocument();
    expect(window.sessionStorage.getItem('queuedToast')).toBeNull();
  });
});
