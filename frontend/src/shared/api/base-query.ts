import type { BaseQueryFn } from '@reduxjs/toolkit/query';

import { readAuthToken } from '@/shared/auth/auth-token';

type QueryParamValue = string | number | boolean | null | undefined;

/** What an endpoint's `query` returns; the shape `@rtk-query/codegen-openapi` emits. */
export interface ApiRequest {
  /** Absolute path on this origin, e.g. `/api/plan`. */
  url: string;
  method?: string;
  /** Sent as JSON, except `FormData`, which the browser encodes itself. */
  body?: unknown;
  /** Appended to the URL; `undefined` and `null` values are left out. */
  params?: Record<string, QueryParamValue | readonly QueryParamValue[]>;
  headers?: Record<string, string | undefined>;
}

export interface ApiError {
  /**
   * The HTTP status, `FETCH_ERROR` when no response arrived, or `PARSING_ERROR`
   * when a successful response claimed JSON but was not.
   */
  status: number | 'FETCH_ERROR' | 'PARSING_ERROR';
  /** For HTTP errors: `"<status>: <response text>"`, or the status text when the body is empty. */
  message: string;
  /** The response body, parsed as JSON when possible, so screens can show the server's own message. */
  data?: unknown;
}

function withQueryString(url: string, params: ApiRequest['params']): string {
  if (!params) return url;
  const search = new URLSearchParams();
  for (const [name, raw] of Object.entries(params)) {
    const values: readonly QueryParamValue[] = Array.isArray(raw) ? raw : [raw];
    for (const value of values) {
      if (value !== undefined && value !== null) search.append(name, String(value));
    }
  }
  const query = search.toString();
  if (!query) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${query}`;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function isJsonResponse(response: Response): boolean {
  return /[/+]json\b/i.test(response.headers.get('Content-Type') ?? '');
}

/**
 * Hands the main thread back before a request is sent, where the browser can (`scheduler.yield`:
 * the rest runs in a task of its own, ahead of other waiting tasks). Queries start from effects,
 * several in the commit that mounts a screen, and starting a fetch costs a phone's main thread a
 * few milliseconds each: in that commit's task they made it a long one. Elsewhere the request is
 * sent at once, as before.
 */
function yieldToMain(): Promise<void> {
  const { scheduler } = globalThis as { scheduler?: { yield?: () => Promise<void> } };
  return scheduler?.yield ? scheduler.yield() : Promise.resolve();
}

/**
 * The one base query behind every endpoint (docs/product.md#talking-to-the-server): cookies always, a bearer token when one is
 * stored, a JSON content type only when there is a body, and errors that read `"<status>: <text>"`.
 * It deliberately does not retry.
 */
export const baseQuery: BaseQueryFn<string | ApiRequest, unknown, ApiError> = async (
  args,
  { signal },
) => {
  const request: ApiRequest = typeof args === 'string' ? { url: args } : args;

  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers ?? {})) {
    if (value !== undefined) headers.set(name, value);
  }
  const token = readAuthToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);

  let body: BodyInit | undefined;
  if (request.body instanceof FormData) {
    body = request.body;
  } else if (request.body !== undefined && request.body !== null) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(request.body);
  }

  let response: Response;
  let text: string;
  await yieldToMain();
  try {
    response = await fetch(withQueryString(request.url, request.params), {
      method: request.method ?? 'GET',
      headers,
      body,
      credentials: 'include',
      signal,
    });
    text = await response.text();
  } catch (error) {
    return {
      error: {
        status: 'FETCH_ERROR',
        message: error instanceof Error ? error.message : String(error),
      },
    };
  }

  if (!response.ok) {
    return {
      error: {
        status: response.status,
        message: `${response.status}: ${text || response.statusText}`,
        data: text ? (parseJson(text) ?? text) : undefined,
      },
    };
  }

  if (!text) return { data: null };
  if (!isJsonResponse(response)) return { data: text };

  const data = parseJson(text);
  if (data === undefined) {
    return {
      error: {
        status: 'PARSING_ERROR',
        message: `${response.status}: the response was not valid JSON`,
        data: text,
      },
    };
  }
  return { data };
};
