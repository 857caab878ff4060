import type { BaseQueryApi } from '@reduxjs/toolkit/query';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { AUTH_TOKEN_STORAGE_KEY } from '@/shared/auth/auth-token';
import { baseQuery, type ApiRequest } from './base-query';

type FetchMock = ReturnType<typeof vi.fn<typeof fetch>>;

function stubResponse(response: Response): FetchMock {
  const fetchMock = vi.fn<typeof fetch>(async () => response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function json(body: unknown, init: ResponseInit = {}): Response {
  return new Response(JSON.stringify(body), {
    ...init,
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
}

const queryApi = {
  signal: new AbortController().signal,
} as BaseQueryApi;

function run(args: string | ApiRequest) {
  return baseQuery(args, queryApi, {});
}

function sentRequest(fetchMock: FetchMock): { url: string; init: RequestInit; headers: Headers } {
  const call = fetchMock.mock.calls[0];
  if (!call) throw new Error('fetch was not called');
  const [url, init = {}] = call;
  return { url: String(url), init, headers: new Headers(init.headers) };
}

describe('baseQuery', () => {
  beforeEach(() => {
    window.localStorage.clear();
  });

  describe('sending', () => {
    it('always sends cookies', async () => {
      const fetchMock = stubResponse(json({}));

      await run('/api/plan');

      expect(sentRequest(fetchMock).init.credentials).toBe('include');
    });

    it('calls the path as given, with GET by default', async () => {
      const fetchMock = stubResponse(json({}));

      await run({ url: '/api/plan' });

      const { url, init } = sentRequest(fetchMock);
      expect(url).toBe('/api/plan');
      expect(init.method).toBe('GET');
    });

    it('adds a bearer token when one is stored under authToken', async () => {
      window.localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'abc.def.ghi');
      const fetchMock = stubResponse(json({}));

      await run('/api/auth/user');

      expect(sentRequest(fetchMock).headers.get('Authorization')).toBe('Bearer abc.def.ghi');
    });

    it('sends no authorization header when no token is stored', async () => {
      const fetchMock = stubResponse(json({}));

      await run('/api/auth/user');

      expect(sentRequest(fetchMock).headers.has('Authorization')).toBe(false);
    });

    it('sends no authorization header when local storage is unavailable', async () => {
      vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
        throw new DOMException('denied', 'SecurityError');
      });
      const fetchMock = stubResponse(json({}));

      const result = await run('/api/plan');

      expect(sentRequest(fetchMock).headers.has('Authorization')).toBe(false);
      expect(result.error).toBeUndefined();
    });

    it('sends a JSON body with a JSON content type', async () => {
      const fetchMock = stubResponse(json({ token: 't' }));

      await run({ url: '/api/auth/login', method: 'POST', body: { email: 'a@b.c' } });

      const { init, headers } = sentRequest(fetchMock);
      expect(init.method).toBe('POST');
      expect(init.body).toBe('{"email":"a@b.c"}');
      expect(headers.get('Content-Type')).toBe('application/json');
    });

    it('sends no content type when there is no body', async () => {
      const fetchMock = stubResponse(new Response(null, { status: 204 }));

      await run({ url: '/api/rota/clear-future', method: 'POST' });

      const { init, headers } = sentRequest(fetchMock);
      expect(init.body).toBeUndefined();
      expect(headers.has('Content-Type')).toBe(false);
    });

    it('leaves FormData for the browser to encode', async () => {
      const fetchMock = stubResponse(json({}));
      const form = new FormData();
      form.append('file', 'contents');

      await run({ url: '/api/upload', method: 'POST', body: form });

      const { init, headers } = sentRequest(fetchMock);
      expect(init.body).toBe(form);
      expect(headers.has('Content-Type')).toBe(false);
    });

    it('appends query parameters, skipping empty ones and repeating lists', async () => {
      const fetchMock = stubResponse(json([]));

      await run({
        url: '/api/rota',
        params: { startDate: '2025-09-01', endDate: '2025-09-30', staffId: undefined, ids: [1, 2] },
      });

      expect(sentRequest(fetchMock).url).toBe(
        '/api/rota?startDate=2025-09-01&endDate=2025-09-30&ids=1&ids=2',
      );
    });
  });

  describe('responses', () => {
    it('returns the parsed JSON body on success', async () => {
      stubResponse(json({ id: 'professional', pricePerMonth: 10 }));

      const result = await run('/api/plan');

      expect(result).toEqual({ data: { id: 'professional', pricePerMonth: 10 } });
    });

    it('returns null for an empty successful response', async () => {
      stubResponse(new Response(null, { status: 204 }));

      expect(await run('/api/staff/1')).toEqual({ data: null });
    });

    it('returns text for a successful non-JSON response', async () => {
      stubResponse(
        new Response('BEGIN:VCALENDAR', { headers: { 'Content-Type': 'text/calendar' } }),
      );

      expect(await run('/api/calendar/subscribe/all-duties')).toEqual({ data: 'BEGIN:VCALENDAR' });
    });

    it('reports a successful response that claims JSON but is not', async () => {
      stubResponse(new Response('<html>', { headers: { 'Content-Type': 'application/json' } }));

      const result = await run('/api/plan');

      expect(result.error).toMatchObject({ status: 'PARSING_ERROR', data: '<html>' });
    });
  });

  describe('errors', () => {
    it('reads "<status>: <response text>" and keeps the parsed body', async () => {
      const body = {
        statusCode: 409,
        message: 'This staff member is already assigned to this day',
      };
      stubResponse(json(body, { status: 409, statusText: 'Conflict' }));

      const result = await run({ url: '/api/rota', method: 'POST', body: {} });

      expect(result.error).toEqual({
        status: 409,
        message: `409: ${JSON.stringify(body)}`,
        data: body,
      });
    });

    it('keeps a plain-text body as text', async () => {
      stubResponse(
        new Response('Database unavailable', { status: 503, statusText: 'Service Unavailable' }),
      );

      const result = await run('/api/health');

      expect(result.error).toEqual({
        status: 503,
        message: '503: Database unavailable',
        data: 'Database unavailable',
      });
    });

    it('falls back to the status text when the response body is empty', async () => {
      stubResponse(new Response(null, { status: 401, statusText: 'Unauthorized' }));

      const result = await run('/api/auth/user');

      expect(result.error).toEqual({ status: 401, message: '401: Unauthorized', data: undefined });
    });

    it('reports a network failure without a status code', async () => {
      vi.stubGlobal(
        'fetch',
        vi.fn<typeof fetch>(async () => {
          throw new TypeError('Failed to fetch');
        }),
      );

      const result = await run('/api/plan');

      expect(result.error).toEqual({ status: 'FETCH_ERROR', message: 'Failed to fetch' });
    });
  });
});
