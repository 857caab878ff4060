import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { vi } from 'vitest';

import { AppProviders } from '@/app/providers';
import { routes } from '@/app/router';
import { makeStore } from '@/app/store';

/** Renders the whole app, with its real routes, store and providers, at `path`. */
export function renderApp(path = '/') {
  return renderRoutes(routes, path);
}

/** Renders one element as the only route, inside the real store and providers. */
export function renderWithProviders(ui: ReactElement, path = '/') {
  return renderRoutes([{ path: '*', element: ui }], path);
}

function renderRoutes(routeObjects: RouteObject[], path: string) {
  const store = makeStore();
  const router = createMemoryRouter(routeObjects, { initialEntries: [path] });
  const result = render(
    <AppProviders store={store}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, store, router };
}

type FetchReply = { status?: number; statusText?: string; body?: unknown };

/**
 * Replaces `fetch` with a stub that answers by `METHOD /path` (query string ignored), e.g.
 * `{ 'GET /api/plan': { body: plan } }`. Unknown requests answer 404 so a missing stub is loud.
 * Objects are sent as JSON; strings as plain text.
 */
export function stubFetch(replies: Record<string, FetchReply>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const reply = replies[`${method} ${url.pathname}`];
    if (!reply) {
      return new Response(`No stub for ${method} ${url.pathname}`, {
        status: 404,
        statusText: 'Not Found',
      });
    }
    const isText = typeof reply.body === 'string';
    return new Response(
      reply.body === undefined
        ? null
        : isText
          ? (reply.body as string)
          : JSON.stringify(reply.body),
      {
        status: reply.status ?? 200,
        statusText: reply.statusText,
        headers: { 'Content-Type': isText ? 'text/plain' : 'application/json' },
      },
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
