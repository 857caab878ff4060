import { fileURLToPath, URL } from 'node:url';

import react from '@vitejs/plugin-react';
import { defaultServerConditions, type Plugin } from 'vite';
import { configDefaults, defineConfig } from 'vitest/config';

// Vitest resolves `react-router` to its CommonJS build, but `react-router/dom` require()s it and
// Node (20.19+) picks the ES build through the `module-sync` condition: two copies, two router
// contexts, and "Cannot destructure property 'basename'" in tests. Resolving with `module-sync`
// in tests as well keeps one copy. https://github.com/vitest-dev/vitest/issues/7692
const testConditions = [
  'module-sync',
  ...defaultServerConditions.filter((condition) => condition !== 'module'),
];

/**
 * The runtime every page needs, in one long-cached chunk. Everything else, antd included, is
 * left to Rollup's splitting, so a page loads only the components it uses: the landing page
 * does not download the signed-in app's tables and date pickers, and `ics` (with its
 * dependencies) stays in My Rota's lazily loaded calendar export chunk.
 */
const CORE_VENDOR =
  /\/node_modules\/(react|react-dom|scheduler|react-router|react-redux|redux|redux-thunk|@reduxjs\/toolkit|reselect|immer|use-sync-external-store)\//;

/**
 * The entry's stylesheet is on every page before any other chunk loads: a <link> in the shell
 * (index.html), inline in the prerendered landing page (scripts/prerender.mjs). Vite's loader lists
 * it with every lazily loaded chunk and fetches it unless a <link rel="stylesheet"> to it is
 * present, which on the landing page restyled the whole page (15-25 ms of a phone's main thread)
 * while it loaded. This drops it from the lazily loaded chunks' lists instead of relying on a
 * disabled <link> in the landing page, which Chromium before 151 fetches anyway.
 */
function entryStylesheetOnEveryPage(): Plugin & { isEntryStylesheet: (file: string) => boolean } {
  const entry = new Set<string>();
  return {
    name: 'entry-stylesheet-on-every-page',
    apply: 'build',
    generateBundle: {
      // Before Vite's import analysis asks resolveDependencies for each chunk's list.
      order: 'pre',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type === 'chunk' && chunk.isEntry) {
            for (const css of chunk.viteMetadata?.importedCss ?? []) entry.add(css);
          }
        }
      },
    },
    isEntryStylesheet: (file) => entry.has(file),
  };
}

const entryStylesheet = entryStylesheetOnEveryPage();

/**
 * dist/.vite/modules.json: each of the app's source modules (its path under frontend/) and the
 * chunk file it ended up in. Vite's manifest names a chunk after one module only, and Rollup merges
 * small chunks into others (experimentalMinChunkSize below): a page module's chunk can carry
 * another name. scripts/prerender.mjs finds the pages' chunks with it.
 */
function chunkOfEachModule(): Plugin {
  const root = fileURLToPath(new URL('.', import.meta.url));
  return {
    name: 'chunk-of-each-module',
    apply: 'build',
    generateBundle(_options, bundle) {
      const modules: Record<string, string> = {};
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        for (const id of chunk.moduleIds)
          if (id.startsWith(`${root}src/`)) modules[id.slice(root.length)] = chunk.fileName;
      }
      this.emitFile({
        type: 'asset',
        fileName: '.vite/modules.json',
        source: JSON.stringify(modules),
      });
    },
  };
}

/**
 * antd's Card imports Tabs (`import Tabs from '../tabs'`) for its `tabList`, which the app does not
 * use: every page with a card downloaded Tabs, its overflow menu and its dropdown before it could
 * render (about 8 KB gzip; docs/performance.md, "Eager JavaScript budget"). This resolves that one
 * import to src/shared/ui/card-tabs.tsx, which renders the same Tabs loaded on first use. The
 * build fails if antd's Card stops importing Tabs that way, so the redirect cannot go stale.
 */
function cardTabsWhenUsed(): Plugin {
  const cardTabs = fileURLToPath(new URL('./src/shared/ui/card-tabs.tsx', import.meta.url));
  const isCard = (id: string) => /[/\\]antd[/\\]es[/\\]card[/\\]Card\.js$/.test(id);
  let redirected = false;
  return {
    name: 'card-tabs-when-used',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== '../tabs' || !importer || !isCard(importer)) return null;
      redirected = true;
      return cardTabs;
    },
    buildEnd(error) {
      if (!error && !redirected && [...this.getModuleIds()].some(isCard))
        this.error("antd's card/Card.js no longer imports '../tabs': update cardTabsWhenUsed in vite.config.ts");
    },
  };
}

export default defineConfig(({ mode }) => ({
  plugins: [react(), cardTabsWhenUsed(), entryStylesheet, chunkOfEachModule()],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
    },
    ...(mode === 'test' ? { conditions: testConditions } : {}),
  },
  server: {
    proxy: {
      // The Host header is forwarded unchanged so the backend sees the same host
      // (and organisation subdomain) as the browser.
      '/api': 'http://localhost:3000',
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // .vite/manifest.json: the chunk graph scripts/check-bundle-size.mjs measures.
    manifest: true,
    modulePreload: {
      resolveDependencies: (_file, dependencies) =>
        dependencies.filter((dependency) => !entryStylesheet.isEntryStylesheet(dependency)),
    },
    rollupOptions: {
      output: {
        manualChunks: (id) => (CORE_VENDOR.test(id) ? 'vendor' : undefined),
        // Chunks under ~20 kB (before minifying) are merged into a chunk that is always loaded
        // with them, where Rollup can do so without changing what runs when: antd's splitting
        // had made 104 files, 45 of them small ones fetched for the signed-in Dashboard alone.
        // On HTTP/1.1's six connections each costs a round trip, which Lighthouse's throttled
        // simulation counts in full (docs/performance.md).
        experimentalMinChunkSize: 20_000,
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup-tests.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    // Playwright owns e2e/; its specs must never be collected by vitest.
    exclude: [...configDefaults.exclude, 'e2e/**'],
    unstubGlobals: true,
    unstubEnvs: true,
    restoreMocks: true,
    // The slowest tests after the summary. A reporter given on the command line replaces these,
    // so scripts/test.mjs names it again beside its own.
    reporters: ['default', './scripts/slowest-tests-reporter.ts'],
    // A safety net for a loaded 2-core machine, not a licence to be slow: a component test takes
    // well under a second of CPU (see src/testing/test-utils.tsx), but sharing the cores with
    // other jobs has stretched its wall time past vitest's default of 5 s.
    testTimeout: 15_000,
  },
}));
