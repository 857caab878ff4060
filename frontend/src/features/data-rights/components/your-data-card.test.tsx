import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { catchDownloads, requestedUrl, serveFile, type Download } from '@/testing/downloads';
import { currentUser } from '@/testing/fixtures';
import { renderApp, setupUser, storeToken, stubFetch } from '@/testing/test-utils';

const OFF = { enabled: false, recoveryCodesLeft: 0 };

function card() {
  return screen.findByRole('region', { name: 'Your data' });
}

describe('Account page: Your data', () => {
  let user: UserEvent;
  let downloads: Download[];
  let restore: () => void;

  beforeEach(() => {
    user = setupUser();
    storeToken('good-token');
    ({ downloads, restore } = catchDownloads());
  });
  afterEach(() => restore());

  it.each([
    [
      'Download my data',
      '/api/me/data',
      'application/json',
      'my-data-2026-11-02.json',
      '{"format":"duty-manager/subject-access"}',
    ],
    [
      'Download a readable summary',
      '/api/me/data/summary',
      'text/html',
      'my-data-2026-11-02.html',
      '<!doctype html><title>x</title>',
    ],
  ])(
    '"%s" downloads the file the server names, with the session',
    async (label, path, contentType, fileName, body) => {
      const fetchMock = stubFetch({
        'GET /api/auth/user': { body: currentUser() },
        'GET /api/auth/two-factor': { body: OFF },
      });
      serveFile(fetchMock, path, { body, contentType, fileName });
      renderApp('/account');

      await user.click(within(await card()).getByRole('button', { name: label }));

      await waitFor(() => expect(downloads).toHaveLength(1));
      expect(downloads[0]!.fileName).toBe(fileName);
      expect(downloads[0]!.blob.size).toBe(new Blob([body]).size);
      expect(requestedUrl(fetchMock, path).pathname).toBe(path);
      const init = fetchMock.mock.calls.find(
        ([input]) => new URL(String(input), 'http://localhost').pathname === path,
      )?.[1];
      expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer good-token');
    },
  );

  it('says why a download failed, in the server’s words, and lets the person try again', async () => {
    stubFetch({
      'GET /api/auth/user': { body: currentUser() },
      'GET /api/auth/two-factor': { body: OFF },
      'GET /api/me/data': {
        status: 503,
        body: { message: 'The database is not answering. Please try again in a minute.' },
      },
    });
    renderApp('/account');

    const region = await card();
    await user.click(within(region).getByRole('button', { name: 'Download my data' }));

    expect(await within(region).findByRole('alert')).toHaveTextContent(
      'The database is not answering. Please try again in a minute.',
    );
    expect(downloads).toHaveLength(0);
    expect(within(region).getByRole('button', { name: 'Download my data' })).toBeEnabled();
    await user.click(within(region).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(within(region).queryByRole('alert')).toBeNull());
  });

  it('falls back to a plain sentence when the server gives no message', async () => {
    stubFetch({
      'GET /api/auth/user': { body: currentUser() },
      'GET /api/auth/two-factor': { body: OFF },
      'GET /api/me/data/summary': { networkError: true },
    });
    renderApp('/account');

    const region = await card();
    await user.click(within(region).getByRole('button', { name: 'Download a readable summary' }));

    expect(await within(region).findByRole('alert')).toHaveTextContent(
      /could not be downloaded|Failed to fetch/,
    );
  });
});
