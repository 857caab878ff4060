#!/usr/bin/env node
// Renders the landing page into HTML after `vite build` (the last step of `npm run build`), so
// `/`'s first response carries the hero, the features and the pricing (docs/performance.md).
//
//   1. Vite's SSR build of src/app/prerender/render-landing.tsx, with the backend's plan module
//      (the one GET /api/plan answers from), into node_modules/.prerender/;
//   2. renders the page (react-dom/server) and extracts antd's styles for it (@ant-design/cssinjs);
//   3. writes dist/landing/index.html: dist/index.html with the markup in #root, antd's styles and
//      the entry's stylesheet inline in the head (no render-blocking request), the plan the page
//      was rendered with for the client's hydration, and a small blocking boot script (dist/assets/landing-boot-<hash>.js; the CSP
//      allows no inline script) that hides the markup before the first paint where the app shows
//      something else at `/` (signed in, a school's address).
// The backend serves dist/landing/index.html at `/` and dist/index.html, the empty shell, at
// every other page's path (backend/src/app.module.ts).
import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

import { build } from 'vite';

const frontendRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(frontendRoot, 'dist');
const ssrOut = path.join(frontendRoot, 'node_modules', '.prerender');
const PLAN_MODULE = path.resolve(frontendRoot, '..', 'backend', 'src', 'modules', 'tenants', 'plan.ts');

await build({
  root: frontendRoot,
  configFile: path.join(frontendRoot, 'vite.config.ts'),
  mode: 'production',
  logLevel: 'warn',
  // Everything bundled: antd's and its dependencies' ES builds are not all loadable by Node as is.
  ssr: { noExternal: true },
  build: {
    ssr: true,
    outDir: ssrOut,
    emptyOutDir: true,
    manifest: false,
    rollupOptions: {
      input: { landing: 'src/app/prerender/render-landing.tsx', plan: PLAN_MODULE },
      output: { manualChunks: undefined },
    },
  },
});

const { renderLanding, landingShowsHere } = await import(pathToFileURL(path.join(ssrOut, 'landing.js')).href);
const { PROFESSIONAL_PLAN: plan } = await import(pathToFileURL(path.join(ssrOut, 'plan.js')).href);
const { html, styles } = await renderLanding(plan);

const shell = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');

// The boot script: landingShowsHere (src/app/prerender/landing-here.ts) is self-contained.
const boot =
  `(function(){var showsHere=${landingShowsHere.toString()};` +
  'if(!showsHere(window.location,function(){return window.localStorage}))' +
  "document.documentElement.setAttribute('data-landing-off','')})();\n";
const bootFile = `assets/landing-boot-${crypto.createHash('sha256').update(boot).digest('base64url').slice(0, 8)}.js`;
fs.writeFileSync(path.join(dist, bootFile), boot);

let page = shell;
// The entry's stylesheet (antd's reset and global.css), inline.
page = page.replace(/<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/g, (_, file) => {
  const css = fs.readFileSync(path.join(dist, file), 'utf8');
  return `<style>${css}</style>`;
});
const escapeJson = (value) => JSON.stringify(value).replace(/</g, '\\u003c');
const head = ['<style>html[data-landing-off] #root{display:none}</style>', styles].join('\n    ');
if (!page.includes('</head>') || !page.includes('<div id="root"></div>'))
  throw new Error('dist/index.html has no </head> or no empty <div id="root"></div>');
// The hoisted <title> stays the shell's own, which says the same.
const markup = html.replace(/<title>[^<]*<\/title>/, '');
page = page
  // First in the head: requested before the app's scripts, which would share the bandwidth.
  .replace('<title>', `<script src="/${bootFile}"></script>\n    <title>`)
  .replace('</head>', `  ${head}\n  </head>`)
  .replace(
    '<div id="root"></div>',
    `<div id="root">${markup}</div>\n    <script type="application/json" id="landing-data">${escapeJson({ plan })}</script>`,
  );

fs.mkdirSync(path.join(dist, 'landing'), { recursive: true });
fs.writeFileSync(path.join(dist, 'landing', 'index.html'), page);
console.log(
  `prerendered dist/landing/index.html: ${(page.length / 1000).toFixed(1)} kB ` +
    `(markup ${(markup.length / 1000).toFixed(1)} kB, antd styles ${(styles.length / 1000).toFixed(1)} kB)`,
);
