import { render } from '@testing-library/react';
import {
  PointerEventsCheckLevel,
  userEvent,
  type Options as UserEventOptions,
  type UserEvent,
} from '@testing-library/user-event';
import { StyleProvider } from '@ant-design/cssinjs';
import { ConfigProvider } from 'antd';
import type { ReactElement } from 'react';
import { createMemoryRouter, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { vi } from 'vitest';

import { AppProviders } from '@/app/providers';
import { routes } from '@/app/router';
import { makeStore } from '@/app/store';
import { AUTH_TOKEN_STORAGE_KEY } from '@/shared/auth/auth-token';

/** Renders the whole app, with its real routes, store and providers, at `path`. */
export function renderApp(path = '/') {
  return renderRoutes(routes, path);
}

/** Renders one element as the only route, inside the real store and providers. */
export function renderWithProviders(ui: ReactElement, path = '/') {
  return renderRoutes([{ path: '*', element: ui }], path);
}

/**
 * Where antd writes the CSS variables it still generates with `zeroRuntime`: a node outside the
 * document, so they are not among the stylesheets jsdom's getComputedStyle walks.
 */
const OUTSIDE_THE_DOCUMENT = document.createElement('div');

function renderRoutes(routeObjects: RouteObject[], path: string) {
  const store = makeStore();
  const router = createMemoryRouter(routeObjects, { initialEntries: [path] });
  const result = render(
    // No runtime CSS in tests. jsdom's getComputedStyle matches every rule of every stylesheet
    // in the document, and role queries (visibility, accessible names) and user-event call it
    // for each element and its ancestors: it was half the CPU time of a dialog test. With
    // antd's component styles (~375 KB) each role query took about a second, so `zeroRuntime`
    // leaves them out; the CSS variables antd writes all the same (~50 KB in ~20 <style>s)
    // still doubled each call (5.4 → 2.9 ms), so they go to OUTSIDE_THE_DOCUMENT. No motion:
    // jsdom runs no transitions, so each Modal, dropdown or toast that opened or closed waited
    // on rc-motion's fallback timers. The app's own providers inside still apply their
    // settings; nested ConfigProviders inherit this theme's tokens.
    <StyleProvider container={OUTSIDE_THE_DOCUMENT}>
      <ConfigProvider theme={{ zeroRuntime: true, token: { motion: false } }}>
        <AppProviders store={store}>
          <RouterProvider router={router} />
        </AppProviders>
      </ConfigProvider>
    </StyleProvider>,
  );
  return { ...result, store, router };
}

/**
 * `userEvent.setup()` for these tests: no `setTimeout` between the steps of an action (the
 * default waits a macrotask after each, which a busy machine stretches), and no pointer-events
 * check. That check calls getComputedStyle on the target and every ancestor before each
 * action; with no stylesheets in jsdom (see renderRoutes) it only reads inline styles, and
 * neither the app nor the antd components it uses set `pointer-events` inline, so it cannot fail.
 */
export function setupUser(options: UserEventOptions = {}): UserEvent {
  return userEvent.setup({
    delay: null,
    pointerEventsCheck: PointerEventsCheckLevel.Never,
    ...options,
  });
}

type FetchReply =
  | { status?: number; statusText?: string; body?: unknown }
  /** The request never reaches a server, as when the network is down. */
  | { networkError: true };

/**
 * Replaces `fetch` with a stub that answers by `METHOD /path` (query string ignored), e.g.
 * `{ 'GET /api/plan': { body: plan } }`. Unknown requests answer 404 so a missing stub is loud.
 * Objects are sent as JSON; strings as plain text; `{ networkError: true }` makes `fetch` reject.
 * A list answers successive requests in order, repeating its last reply.
 */
export function stubFetch(replies: Record<string, FetchReply | FetchReply[]>) {
  const served = new Map<string, number>();
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const key = `${method} ${url.pathname}`;
    const planned = replies[key];
    const count = served.get(key) ?? 0;
    served.set(key, count + 1);
    const reply = Array.isArray(planned) ? planned[Math.min(count, planned.length - 1)] : planned;
    if (!reply) {
      return new Response(`No stub for ${method} ${url.pathname}`, {
        status: 404,
        statusText: 'Not Found',
      });
    }
    if ('networkError' in reply) throw new TypeError('Failed to fetch');
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

/** Signs the next render in, as far as the browser knows: a token in storage. */
export function storeToken(token = 'good-token') {
  window.localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, token);
}

export function storedToken(): string | null {
  return window.localStorage.getItem(AUTH_TOKEN_STORAGE_KEY);
}

type FetchMock = ReturnType<typeof stubFetch>;

function callsFor(fetchMock: FetchMock, request: string) {
  return fetchMock.mock.calls.filter(([input, init]) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    return `${(init?.method ?? 'GET').toUpperCase()} ${url.pathname}` === request;
  });
}

/** The JSON bodies `fetch` was called with for `METHOD /path`, oldest first. */
export function sentBodies(fetchMock: FetchMock, request: string): unknown[] {
  return callsFor(fetchMock, request).map(([, init]) => JSON.parse(String(init?.body)) as unknown);
}

/** How many times `fetch` was called for `METHOD /path`. */
export function callCount(fetchMock: FetchMock, request: string): number {
  return callsFor(fetchMock, request).length;
}

/**
 * Puts `value` into a text field in one input event, as pasting does: much faster than typing
 * into antd fields character by character, which re-validates on every keystroke.
 */
export async function fill(user: UserEvent, field: HTMLElement, value: string) {
  await user.clear(field);
  if (value) await user.paste(value);
}
