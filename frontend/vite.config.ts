import { fileURLToPath, URL } from 'node:url';

import react from '@vitejs/plugin-react';
import { defaultServerConditions } from 'vite';
import { configDefaults, defineConfig } from 'vitest/config';

// Vitest resolves `react-router` to its CommonJS build, but `react-router/dom` require()s it and
// Node (20.19+) picks the ES build through the `module-sync` condition: two copies, two router
// contexts, and "Cannot destructure property 'basename'" in tests. Resolving with `module-sync`
// in tests as well keeps one copy. https://github.com/vitest-dev/vitest/issues/7692
const testConditions = [
  'module-sync',
  ...defaultServerConditions.filter((condition) => condition !== 'module'),
];

/** `ics` and its dependencies, used only by My Rota's lazily loaded calendar export. */
const CALENDAR_EXPORT_ONLY =
  /\/node_modules\/(ics|yup|nanoid|runes2|property-expr|tiny-case|toposort|type-fest)\//;

export default defineConfig(({ mode }) => ({
  plugins: [react()],
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
    rollupOptions: {
      output: {
        // Libraries change far less often than our code; separate chunks stay cached across deploys.
        manualChunks(id) {
          if (!id.includes('/node_modules/')) return undefined;
          // Only My Rota's lazily loaded calendar export uses these: they stay in its own chunk.
          if (CALENDAR_EXPORT_ONLY.test(id)) return undefined;
          if (/\/node_modules\/(antd|@ant-design|@rc-component|rc-[^/]+)\//.test(id)) return 'antd';
          return 'vendor';
        },
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
  },
}));
