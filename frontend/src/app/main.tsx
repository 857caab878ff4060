import 'antd/dist/reset.css';
import './global.css';

import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';

import { prefetchSession } from '@/features/auth/session/session';
import { generatedApi as tenantsApi, type PlanDto } from '@/features/tenants/api/tenants.gen';

import {
  ANTD_STYLES_ATTRIBUTE,
  LANDING_DATA_ID,
  LANDING_OFF_ATTRIBUTE,
  landingShowsHere,
} from './prerender/landing-here';
import { AppProviders } from './providers';
import { AppRouter } from './router';
import { makeStore } from './store';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element to render into');

/**
 * The next task: the browser may paint and handle input before what follows runs. A module's
 * code and everything it imports run in one task (v8's module evaluation); what comes after the
 * imports is split off from it here, so no one step holds the main thread for long.
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The stylesheets of antd's styles that the shell's boot script adds (scripts/prerender.mjs), once
 * each has loaded (or failed to): with them in, antd's first render finds each component's styles
 * and their map there instead of generating them. Added by a script, they hold back neither the
 * first paint nor this module's run. Not in the landing page, which carries its styles inline.
 */
function antdStyles(): Promise<unknown> {
  const links = document.querySelectorAll<HTMLLinkElement>(`link[${ANTD_STYLES_ATTRIBUTE}]`);
  return Promise.all(
    [...links]
      .filter((link) => !link.sheet)
      .map(
        (link) =>
          new Promise<void>((resolve) => {
            link.addEventListener('load', () => resolve(), { once: true });
            link.addEventListener('error', () => resolve(), { once: true });
          }),
      ),
  );
}

async function start(root: HTMLElement) {
  // Three tasks on a phone-speed CPU, each under Lighthouse's 50 ms "long task": the bundle's
  // own evaluation (React, antd's and RTK Query's set-up), the store with its first dispatch,
  // and the first render's start. In one they were a single task of 100-130 ms at 4x slowdown.
  await nextTask();
  const store = makeStore();
  const app = (
    <StrictMode>
      <AppProviders store={store}>
        <AppRouter />
      </AppProviders>
    </StrictMode>
  );

  // Both in a transition, so React renders in slices and yields to the browser between them: a
  // first render outside one is a single task, which on a phone-speed CPU blocked the main thread
  // for over half a second (Lighthouse's Total Blocking Time).
  //
  // `/`'s HTML carries the landing page, rendered at build time (scripts/prerender.mjs): hydrated
  // where it is what the app shows, with the plan it was rendered with in the cache so the first
  // render matches. Anywhere else (signed in, a school's address) the boot script has hidden it
  // before the first paint; it is dropped and the app renders from scratch, as on every other
  // path.
  const data = document.getElementById(LANDING_DATA_ID);
  if (data && landingShowsHere(window.location, () => window.localStorage)) {
    const { plan } = JSON.parse(data.textContent ?? '{}') as { plan: PlanDto };
    await store.dispatch(tenantsApi.util.upsertQueryData('getPlan', undefined, plan));
    await nextTask();
    startTransition(() => void hydrateRoot(root, app));
  } else {
    prefetchSession(store.dispatch);
    // The shell's HTML (every other path) carries instead the frame the app first draws at the
    // page (scripts/prerender.mjs): it stays until React's first commit replaces it.
    if (data) {
      root.replaceChildren();
      document.documentElement.removeAttribute(LANDING_OFF_ATTRIBUTE);
    }
    await Promise.all([nextTask(), antdStyles()]);
    const reactRoot = createRoot(root);
    startTransition(() => reactRoot.render(app));
  }
}

void start(container);
