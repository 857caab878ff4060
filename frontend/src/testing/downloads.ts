import { vi } from 'vitest';

import type { stubFetch } from './test-utils';

export interface Download {
  fileName: string;
  blob: Blob;
}

/**
 * Catches the file downloads: jsdom has no `URL.createObjectURL` and cannot navigate to a link,
 * so both are stubbed and each download's name and content are kept instead.
 */
export function catchDownloads(): { downloads: Download[]; restore: () => void } {
  const downloads: Download[] = [];
  const blobs = new Map<string, Blob>();
  Object.defineProperty(URL, 'createObjectURL', {
    configurable: true,
    value: (blob: Blob) => {
      const url = `blob:http://localhost/${blobs.size + 1}`;
      blobs.set(url, blob);
      return url;
    },
  });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: vi.fn() });
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    const blob = blobs.get(this.href);
    if (this.download && blob) downloads.push({ fileName: this.download, blob });
  });
  return {
    downloads,
    restore: () => {
      click.mockRestore();
      delete (URL as { createObjectURL?: unknown }).createObjectURL;
      delete (URL as { revokeObjectURL?: unknown }).revokeObjectURL;
    },
  };
}

/**
 * Makes the stubbed `fetch` answer requests to `path` with a file, as the export endpoints do:
 * its bytes, content type and `Content-Disposition` name. Other requests keep their stubs.
 */
export function serveFile(
  fetchMock: ReturnType<typeof stubFetch>,
  path: string,
  file: { body: string; contentType: string; fileName: string },
) {
  const stubbed = fetchMock.getMockImplementation();
  if (!stubbed) throw new Error('stubFetch installs an implementation');
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    if (url.pathname !== path) return stubbed(input, init);
    return new Response(file.body, {
      status: 200,
      headers: {
        'Content-Type': file.contentType,
        'Content-Disposition': `attachment; filename="${file.fileName}"`,
      },
    });
  });
}

/** The URL `fetch` was called with for the `n`th request to `path`. */
export function requestedUrl(fetchMock: ReturnType<typeof stubFetch>, path: string, n = 0): URL {
  const urls = fetchMock.mock.calls
    .map(
      ([input]) =>
        new URL(input instanceof Request ? input.url : String(input), 'http://localhost'),
    )
    .filter((url) => url.pathname === path);
  const url = urls[n];
  if (!url) throw new Error(`no request ${n} to ${path}`);
  return url;
}
