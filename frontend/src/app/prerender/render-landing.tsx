import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import { StrictMode, Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';

import { generatedApi as tenantsApi, type PlanDto } from '@/features/tenants/api/tenants.gen';
import { PageLoader } from '@/shared/ui/page-loader';

import { PageFrame } from '../layout/page-frame';
import { AppProviders } from '../providers';
import { LandingPage } from '../routes/landing-page';
import { makeStore } from '../store';

export { landingShowsHere } from './landing-here';

export interface PrerenderedLanding {
  /** The markup that goes inside `#root`. */
  html: string;
  /** antd's styles for that markup, as `<style>` elements for the head. */
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
  const html = renderToString(
    <StrictMode>
      <StyleProvider cache={cache}>
        <AppProviders store={store}>
          <StaticRouter location="/">
            <PageFrame>
              <Suspense fallback={<PageLoader />}>
                <LandingPage />
              </Suspense>
            </PageFrame>
          </StaticRouter>
        </AppProviders>
      </StyleProvider>
    </StrictMode>,
  );
  return { html, styles: extractStyle(cache) };
}
