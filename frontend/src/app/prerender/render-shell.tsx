import { createCache, extractStyle as extractCacheStyle, StyleProvider } from '@ant-design/cssinjs';
import { extractStyle } from '@ant-design/static-style-extract';
import * as antd from 'antd';
import { StrictMode, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';

import { PageFrame } from '../layout/page-frame';
import { AppProviders } from '../providers';
import { pageAt } from '../routes/app-pages';
import { makeStore } from '../store';

export interface PrerenderedShell {
  /**
   * The frame as the app first draws it while the session is checked (the auth gate's `Pending`),
   * once, with each path's skeleton in it in a `<div data-boot-frame="<path>">`, to go inside
   * `#root`.
   */
  frame: string;
  /** antd's styles for the frame, as plain CSS. */
  frameStyles: string;
  /**
   * antd's styles, as plain CSS ending with the map of the styles it holds: those of the antd
   * components in `components`, and of the frame.
   */
  styles: string;
}

/**
 * The signed-in shell's first paint, rendered at build time (scripts/prerender.mjs) for the
 * shell's HTML (dist/index.html):
 *   - the frame with the skeletons of the pages at `paths`, which the shell's boot script reveals
 *     (with the one skeleton) where a stored session is at that path, so the frame and the page's
 *     heading paint before the app's code has arrived; the app's first render draws the same and
 *     replaces it;
 *   - antd's styles for the components the app uses (`components`, each rendered the way
 *     @ant-design/static-style-extract renders it) under the app's theme, as a stylesheet. With
 *     their map in the page, antd finds a component's styles there instead of generating them in
 *     the browser, which on a phone-speed CPU took a large part of each page's first render.
 */
export function renderShell(
  paths: readonly string[],
  components: readonly string[],
): PrerenderedShell {
  const store = makeStore();
  const inApp = (location: string, children: ReactNode) => (
    <StrictMode>
      <AppProviders store={store}>
        <StaticRouter location={location}>{children}</StaticRouter>
      </AppProviders>
    </StrictMode>
  );
  const skeletons = paths.map((path) => {
    const skeleton = pageAt(path)?.skeleton;
    if (!skeleton)
      throw new Error(`the app has no skeleton for ${path} (src/app/routes/app-pages.tsx)`);
    return (
      <div key={path} data-boot-frame={path}>
        {skeleton}
      </div>
    );
  });
  const cache = createCache();
  const frame = renderToString(
    <StyleProvider cache={cache}>{inApp('/', <PageFrame>{skeletons}</PageFrame>)}</StyleProvider>,
  );
  const styles = extractStyle({
    antdInstance: antd,
    // Type-only names (`TableProps`) and anything antd no longer exports are left out.
    includes: components.filter((name) => name in antd),
    customTheme: (node) =>
      inApp(
        '/',
        <>
          {node}
          <PageFrame>{skeletons}</PageFrame>
        </>,
      ),
  });
  // Without the map: the stylesheet's, which holds these styles and the others, is the page's.
  const frameStyles = extractCacheStyle(cache, true).replace(
    /\.data-ant-cssinjs-cache-path\{[^}]*\}/,
    '',
  );
  return { frame, frameStyles, styles };
}
