import 'antd/dist/reset.css';
import './global.css';

import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';

import { prefetchSession } from '@/features/auth/session/session';
import { generatedApi as tenantsApi, type PlanDto } from '@/features/tenants/api/tenants.gen';

import { LANDING_DATA_ID, LANDING_OFF_ATTRIBUTE, landingShowsHere } from './prerender/landing-here';
import { AppProviders } from './providers';
import { AppRouter } from './router';
import { makeStore } from './store';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element to render into');

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
// before the first paint; it is dropped and the app renders from scratch, as on every other path.
const data = document.getElementById(LANDING_DATA_ID);
if (data && landingShowsHere(window.location, () => window.localStorage)) {
  const { plan } = JSON.parse(data.textContent ?? '{}') as { plan: PlanDto };
  void store
    .dispatch(tenantsApi.util.upsertQueryData('getPlan', undefined, plan))
    .then(() => startTransition(() => void hydrateRoot(container, app)));
} else {
  prefetchSession(store.dispatch);
  container.replaceChildren();
  document.documentElement.removeAttribute(LANDING_OFF_ATTRIBUTE);
  const root = createRoot(container);
  startTransition(() => root.render(app));
}
