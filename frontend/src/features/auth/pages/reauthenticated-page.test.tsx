import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '@/testing/test-utils';

import { ReauthenticatedPage } from './reauthenticated-page';

describe('ReauthenticatedPage', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  function listen() {
    const received: unknown[] = [];
    const channel = new BroadcastChannel('duty-manager-reauthentication');
    channel.onmessage = ({ data }) => received.push(data);
    return { received, close: () => channel.close() };
  }

  it('hands the proof to the form that asked, clears it from the address and closes itself', async () => {
    const close = vi.spyOn(window, 'close').mockImplementation(() => undefined);
    window.history.replaceState(null, '', '/reauthenticated#proof=the-proof');
    const form = listen();
    renderWithProviders(<ReauthenticatedPage />, '/reauthenticated');

    expect(await screen.findByRole('heading', { level: 1, name: 'Confirmed' })).toBeInTheDocument();
    await vi.waitFor(() => expect(form.received).toEqual([{ proof: 'the-proof' }]));
    expect(window.location.hash).toBe('');
    expect(close).toHaveBeenCalled();
    form.close();
    close.mockRestore();
  });

  it('says why the provider did not confirm it, and tells the form', async () => {
    window.history.replaceState(null, '', '/reauthenticated#error=identity_mismatch');
    const form = listen();
    renderWithProviders(<ReauthenticatedPage />, '/reauthenticated');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Not confirmed' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/linked to a different account at that provider/)).toBeInTheDocument();
    await vi.waitFor(() => expect(form.received).toEqual([{ error: 'identity_mismatch' }]));
    form.close();
  });
});
