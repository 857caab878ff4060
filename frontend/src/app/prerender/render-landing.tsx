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

export { landingShowsHere, signedInPageHere } from './landing-here';

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
  // The card renders its form in a second render, which a server does not make: the form is
  // rendered beside it.
  const { GetStartedCard } = await import('../routes/get-started-card');
  const { GetStartedTabs } = await import('@/features/auth/components/get-started-tabs');
  const { prelude } = await prerender(
    inApp(
      <>
        <GetStartedCard activeTab="register" onTabChange={() => undefined} />
        <GetStartedTabs activeTab="register" />
      </>,
    ),
  );
  await prelude.cancel();
  return { html, styles: asStylesOfTheFile(extractStyle(cache)) };
}

/** How extractStyle marks the `<style>` that holds its map of the styles it extracted. */
const CACHE_MAP_STYLE = '<style data-ant-cssinjs-cache-path="data-ant-cssinjs-cache-path">';

/**
 * The extracted styles with their map in a plain `<style>`, as antd's styles are when extracted
 * to a CSS file. Marked, the map's element is removed by the browser's first antd render (which
 * restyled the whole page: 15-25 ms of a phone's main thread with this page's styles), and each
 * component then looked its styles up in the page and compared them, element by element. Read
 * as a file's, a style in the map is taken as there, and nothing is looked up or removed. The
 * styles stay in the head either way.
 */
function asStylesOfTheFile(styles: string): string {
  if (!styles.includes(CACHE_MAP_STYLE))
    throw new Error(
      '@ant-design/cssinjs no longer marks its cache map as expected; see render-landing.tsx',
    );
  return styles.replace(CACHE_MAP_STYLE, '<style>');
}
