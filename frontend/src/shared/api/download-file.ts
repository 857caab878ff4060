import { readAuthToken } from '@/shared/auth/auth-token';

import type { ApiError, ApiRequest } from './base-query';

/**
 * The file name a `Content-Disposition: attachment; filename="…"` header names, or undefined.
 * `filename*=UTF-8''…` wins when both are given, as browsers do.
 */
export function attachmentFileName(header: string | null): string | undefined {
  if (!header) return undefined;
  const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (encoded?.[1]) {
    try {
      return decodeURIComponent(encoded[1].trim());
    } catch {
      // A malformed encoding: fall back to the plain name.
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/i.exec(header);
  const name = plain?.[1] ?? plain?.[2]?.trim();
  return name || undefined;
}

/** Hands `blob` to the browser as a download named `fileName`. */
export function saveBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    // Revoked well after the click: the browser reads the blob when it starts the download, which
    // on a busy machine came after a revocation on the next tick (the file then lost its name).
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Downloads a file the API makes (an export): a GET (or, with a body, a POST) with the session's bearer token and cookies,
 * like every call (docs/product.md#talking-to-the-server), read as bytes — the RTK Query base
 * query reads bodies as text, which would corrupt an XLSX. The file is named as the server says,
 * else `fallbackName`. A refusal is thrown as the same `ApiError` the endpoints give, so screens
 * show it with `getServerMessage`.
 */
export async function downloadFile(
  request: Pick<ApiRequest, 'url' | 'params'> & {
    /** Sent as JSON in a POST (e.g. a re-authentication, which must not travel in a URL); else a GET. */
    body?: object;
  },
  fallbackName: string,
): Promise<string> {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(request.params ?? {})) {
    if (value !== undefined && value !== null) search.append(name, String(value));
  }
  const query = search.toString();
  const headers = new Headers();
  const token = readAuthToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (request.body) headers.set('Content-Type', 'application/json');

  let response: Response;
  try {
    response = await fetch(query ? `${request.url}?${query}` : request.url, {
      method: request.body ? 'POST' : 'GET',
      headers,
      credentials: 'include',
      ...(request.body && { body: JSON.stringify(request.body) }),
    });
  } catch (error) {
    const failure: ApiError = {
      status: 'FETCH_ERROR',
      message: error instanceof Error ? error.message : String(error),
    };
    throw failure;
  }
  if (!response.ok) {
    const text = await response.text();
    const failure: ApiError = {
      status: response.status,
      message: `${response.status}: ${text || response.statusText}`,
      data: text ? (parseJson(text) ?? text) : undefined,
    };
    throw failure;
  }
  const fileName = attachmentFileName(response.headers.get('Content-Disposition')) ?? fallbackName;
  saveBlob(fileName, await response.blob());
  return fileName;
}
