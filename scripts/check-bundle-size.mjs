#!/usr/bin/env node
// Size budget for the production build's eager JavaScript (`npm run check:bundle`, and a runner
// of `npm test`, after its build).
//
// Usage: node scripts/check-bundle-size.mjs [distDir] [--json] [--report=<file>]
//   distDir defaults to frontend/dist; --json prints the figures as JSON instead of a table;
//   --report writes them as JSON to <file> as well (scripts/test.mjs counts pages from it).
//
// "Eager JS" of a page is every JavaScript chunk the browser must fetch before that page can
// render, read from Vite's manifest (`build.manifest: true` → <dist>/.vite/manifest.json) and the
// chunk of each source module (<dist>/.vite/modules.json, vite.config.ts's chunkOfEachModule:
// Rollup merges small chunks into others, so a module's chunk may carry another module's name):
//   - landing page (signed out, `/`): the entry chunk (index.html's script) and everything it
//     imports statically (what index.html modulepreloads), plus the chunk of the route module
//     the auth gate renders at `/` (src/app/routes/landing-page.tsx) and its static imports;
//   - each signed-in page the boot scripts load ahead (scripts/prerender.mjs: the Dashboard at
//     `/`, the Weekly Rota, the Today board, the Duties page): the entry and its static imports,
//     the app shell's chunk (src/app/layout/app-shell.tsx) and the page's route module's chunk,
//     and their static imports. That is the set the boot script requests before the page renders.
// `dynamicImports` are not followed: they are fetched only when used (another route, a dialog, a
// section revealed after the first rows).
// Each chunk counts once per page, gzipped at zlib level 9 (what a server's gzip would send at
// best). Budgets are in decimal kilobytes, 1 KB = 1000 bytes: landing ≤ 250 KB, a signed-in page
// ≤ 350 KB. A page marked `enforced: false` is measured and shown against its budget but does not
// fail the check: docs/performance.md names why it is over.
// CSS reached the same way is shown for information only and is not budgeted.
//
// Exits 1 when a page is over its budget (naming its largest chunks) or the manifest is missing.
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as zlib from 'node:zlib';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const args = process.argv.slice(2);
const asJson = args.includes('--json');
const reportArg = args.find((a) => a.startsWith('--report='))?.slice('--report='.length);
const distArg = args.find((a) => !a.startsWith('--'));
const dist = path.resolve(distArg ?? path.join(root, 'frontend', 'dist'));

/** Source modules (relative to frontend/) that a page's route renders. */
const SHELL = 'src/app/layout/app-shell.tsx';
const PAGES = [
  { name: 'landing', budget: 250_000, routes: ['src/app/routes/landing-page.tsx'] },
  { name: 'dashboard', budget: 350_000, routes: [SHELL, 'src/app/routes/dashboard-page.tsx'] },
  { name: 'today', budget: 350_000, routes: [SHELL, 'src/features/today/routes.tsx'] },
  { name: 'duties', budget: 350_000, routes: [SHELL, 'src/app/routes/duties-page.tsx'] },
  { name: 'rota', budget: 350_000, routes: [SHELL, 'src/app/routes/weekly-rota-page.tsx'] },
];

const manifestFile = path.join(dist, '.vite', 'manifest.json');
if (!fs.existsSync(manifestFile)) {
  console.error(
    `${manifestFile} is missing: build the frontend first (npm run build -w frontend; ` +
      'vite.config.ts must keep build.manifest: true)',
  );
  process.exit(1);
}
const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
const modulesFile = path.join(dist, '.vite', 'modules.json');
if (!fs.existsSync(modulesFile)) {
  console.error(`${modulesFile} is missing: build the frontend with vite.config.ts's chunkOfEachModule plugin`);
  process.exit(1);
}
const moduleChunks = JSON.parse(fs.readFileSync(modulesFile, 'utf8'));
/** The manifest's key of the chunk holding the source module `route`, if it has one. */
const chunkOf = (route) => {
  const file = moduleChunks[route];
  return file && Object.keys(manifest).find((key) => manifest[key].file === file);
};

const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
if (entries.length !== 1) {
  console.error(`expected one entry chunk in ${manifestFile}, found ${entries.length}`);
  process.exit(1);
}
const [entryKey] = entries[0];

const gzipCache = new Map();
function sizes(file) {
  let s = gzipCache.get(file);
  if (!s) {
    const buf = fs.readFileSync(path.join(dist, file));
    s = { raw: buf.length, gzip: zlib.gzipSync(buf, { level: 9 }).length };
    gzipCache.set(file, s);
  }
  return s;
}

/** The chunks in `keys` and their static imports, transitively; each once. */
function staticClosure(keys) {
  const seen = new Set();
  const js = [];
  const css = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`manifest has no chunk ${key}`);
    js.push(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return { js, css: [...css] };
}

const problems = [];
const results = PAGES.map((page) => {
  const keys = [entryKey];
  for (const route of page.routes) {
    const key = chunkOf(route);
    if (key) keys.push(key);
    else
      // A renamed route module would silently drop out of the measurement.
      problems.push(`${page.name}: ${route} is in no chunk of the build; update PAGES in ${path.relative(root, new URL(import.meta.url).pathname)}`);
  }
  const { js, css } = staticClosure(keys);
  const chunks = js.map((file) => ({ file, ...sizes(file) })).sort((a, b) => b.gzip - a.gzip);
  const sum = (list, key) => list.reduce((n, c) => n + c[key], 0);
  const cssSizes = css.map(sizes);
  return {
    page: page.name,
    budget: page.budget,
    jsChunks: chunks.length,
    jsRaw: sum(chunks, 'raw'),
    jsGzip: sum(chunks, 'gzip'),
    cssGzip: sum(cssSizes, 'gzip'),
    ok: sum(chunks, 'gzip') <= page.budget,
    enforced: page.enforced !== false,
    chunks,
  };
});

const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;

if (asJson) {
  console.log(JSON.stringify({ dist, results }, null, 2));
} else {
  console.log(`eager JS per page (gzip -9, 1 KB = 1000 bytes), from ${path.relative(root, manifestFile) || manifestFile}`);
  const rows = [
    ['page', 'chunks', 'JS raw', 'JS gzip', 'budget', 'CSS gzip', ''],
    ...results.map((r) => [
      r.page,
      String(r.jsChunks),
      kb(r.jsRaw),
      kb(r.jsGzip),
      kb(r.budget),
      kb(r.cssGzip),
      r.ok ? 'ok' : r.enforced ? 'OVER' : 'over (not enforced)',
    ]),
  ];
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length)));
  for (const row of rows)
    console.log(row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  '));
  for (const r of results) {
    const top = r.chunks
      .slice(0, 4)
      .map((c) => `${c.file} ${kb(c.gzip)}`)
      .join(', ');
    console.log(`${r.page}: largest ${top}`);
  }
}

if (reportArg) fs.writeFileSync(reportArg, JSON.stringify({ dist, results }, null, 2));

for (const r of results) {
  if (!r.ok && r.enforced)
    problems.push(
      `${r.page}: eager JS is ${kb(r.jsGzip)} gzip, over its ${kb(r.budget)} budget by ${kb(r.jsGzip - r.budget)}; ` +
        `largest chunks: ${r.chunks
          .slice(0, 3)
          .map((c) => `${c.file} (${kb(c.gzip)})`)
          .join(', ')}`,
    );
}
if (problems.length > 0) {
  for (const p of problems) console.error(`bundle size: ${p}`);
  process.exit(1);
}
const over = results.filter((r) => !r.ok).map((r) => r.page);
console.log(
  `bundle size: every enforced page is within its budget${over.length ? `; over, not enforced: ${over.join(', ')}` : ''}`,
);
