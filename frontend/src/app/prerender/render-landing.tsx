import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import { StrictMode, Suspense, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';

import { generatedApi as tenantsApi, type PlanDto } from '@/features/tenants/api/tenants.gen';
import { PageLoader } from '@/shared/ui/page-loader';

import { PageFrame } from '../layout/page-frame';
import { AppProviders } from '../providers';
import { LandingPage } from '../routes/landing-page';
import { makeStore } from '../store';

export { dashboardShowsHere, landingShowsHere } from './landing-here';

export interface PrerenderedLanding {
  /** The markup that goes inside `#root`. */
  html: string;
  /**
   * antd's styles for that markup and for the forms the browser adds right after hydration, as
   * `<style>` elements for the head.
   */
  styles: string;
}

/**
 * The landing page as a signed-out visitor on the bare domain first sees it at `/`, rendered to
 * HTML at build time (scripts/prerender.mjs): the tree the auth gate renders there, inside the
 * app's providers, with the plan in the cache and the sign-up/sign-in card's placeholder. The
 * browser hydrates it (main.tsx), so this must render exactly what the client's first render does.
 */
export async function renderLanding(plan: PlanDto): Promise<PrerenderedLanding> {
  const store = makeStore();
  await store.dispatch(tenantsApi.util.upsertQueryData('getPlan', undefined, plan));
  const cache = createCache();
  const inApp = (children: ReactNode) => (
    <StrictMode>
      <StyleProvider cache={cache}>
        <AppProviders store={store}>
          <StaticRouter location="/">{children}</StaticRouter>
        </AppProviders>
      </StyleProvider>
    </StrictMode>
  );
  const html = renderToString(
    inApp(
      <PageFrame>
        <Suspense fallback={<PageLoader />}>
          <LandingPage />
        </Suspense>
      </PageFrame>,
    ),
  );
  // The forms' card, which the browser renders right after hydration with its first tab open, is
  // rendered here too, and only its styles kept: antd then finds a component's styles in the page
  // (through the cache path map extractStyle writes) instead of generating them, which on a
  // phone-speed CPU took most of a second. `prerender` waits for its lazily loaded parts (the
  // organisation type select). Imported as the page does, lazily.
  const { GetStartedCard } = await import('../routes/get-started-card');
  const { prelude } = await prerender(
    inApp(<GetStartedCard activeTab="register" onTabChange={() => undefined} />),
  );
  await prelude.cancel();
  return { html, styles: extractStyle(cache) };
}
