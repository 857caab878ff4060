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
//      allows no inline script) that hides the page's content (not the header) before the first paint where the app shows
//      something else at `/` (signed in, a school's address) and requests the app's code (the
//      entry is not in the page's head: where the page shows, it is requested after the first paint).
//   4. rewrites dist/index.html, the shell, with the signed-in frame and the skeletons of the pages
//      people open by address (src/app/prerender/render-shell.tsx), antd's styles for every
//      component the app uses as stylesheets, and a boot script of its own (see below).
// The backend serves dist/landing/index.html at `/` and dist/index.html, the shell, at every other
// page's path (backend/src/common/http/spa.ts).
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
      input: { landing: 'src/app/prerender/render-landing.tsx', shell: 'src/app/prerender/render-shell.tsx', plan: PLAN_MODULE },
      output: { manualChunks: undefined },
    },
  },
});

const { renderLanding, landingShowsHere, signedInPageHere } = await import(pathToFileURL(path.join(ssrOut, 'landing.js')).href);
const { PROFESSIONAL_PLAN: plan } = await import(pathToFileURL(path.join(ssrOut, 'plan.js')).href);
const { renderShell } = await import(pathToFileURL(path.join(ssrOut, 'shell.js')).href);
const { html, styles } = await renderLanding(plan);

const shell = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');

// The app's entry module and the chunks Vite preloads with it, taken out of the landing page's
// head: the boot script requests them after the first paint (see below).
const entryTag = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>\s*/;
const preloadTag = /<link rel="modulepreload" crossorigin href="(\/assets\/[^"]+\.js)">\s*/g;
const entry = shell.match(entryTag)?.[1];
if (!entry) throw new Error('dist/index.html has no entry <script type="module">');
const preloads = [...shell.matchAll(preloadTag)].map((match) => match[1]);

// What a signed-in visitor's first page needs beyond the entry: the shell's chunk, the page's
// chunk and everything either imports statically, and their stylesheets (from Vite's manifest).
// Without them requested at once, the chain was entry → GET /api/auth/user and the shell's code →
// the page's code → its requests: each chunk asked for only once the code before it had run. For
// the pages people open by address or bookmark (docs/performance.md, "Lighthouse"): the Dashboard
// at `/` (this landing page's boot script), and the Weekly Rota (with its all-duties grid), the
// Today board and the Duties page (the shell's, below), each the module its entry in
// src/app/routes/app-pages.tsx loads. The shell's list is written once and each page's lists only
// what the shell's does not have, to keep the blocking boot scripts small.
const SIGNED_IN_PAGES = {
  '/': 'src/app/routes/dashboard-page.tsx',
  '/rota': 'src/app/routes/weekly-rota-page.tsx',
  '/today': 'src/features/today/routes.tsx',
  '/duties': 'src/app/routes/duties-page.tsx',
};
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'));
// Each source module's chunk (vite.config.ts, chunkOfEachModule): Rollup merges small chunks into
// others, so a module's chunk may be named after another.
const moduleChunks = JSON.parse(fs.readFileSync(path.join(dist, '.vite', 'modules.json'), 'utf8'));
/** The manifest's key of the chunk that holds the source module `module` (its path under frontend/). */
function chunkKey(module) {
  const file = moduleChunks[module];
  const key = file && Object.keys(manifest).find((k) => manifest[k].file === file);
  if (!key) throw new Error(`the build has no chunk holding ${module}: update SIGNED_IN_PAGES in scripts/prerender.mjs`);
  return key;
}
const inEntry = new Set([entry, ...preloads]);
/** The scripts and stylesheets of the chunks `keys` and their static imports, less those in `known`. */
function chunksOf(keys, known = { scripts: new Set(), styles: new Set() }) {
  const scripts = new Set();
  const styles = new Set();
  (function collect(list) {
    for (const key of list) {
      const chunk = manifest[key];
      if (!chunk) throw new Error(`the build's manifest has no chunk ${key}: update SIGNED_IN_PAGES in scripts/prerender.mjs`);
      const file = `/${chunk.file}`;
      if (scripts.has(file) || inEntry.has(file) || known.scripts.has(file)) continue;
      scripts.add(file);
      for (const css of chunk.css ?? []) if (!known.styles.has(`/${css}`)) styles.add(`/${css}`);
      collect(chunk.imports ?? []);
    }
  })(keys);
  return { scripts, styles };
}
const shellChunks = chunksOf([chunkKey('src/app/layout/app-shell.tsx')]);
const shellJson = JSON.stringify({ scripts: [...shellChunks.scripts], styles: [...shellChunks.styles] });
const pageChunks = Object.fromEntries(
  Object.entries(SIGNED_IN_PAGES).map(([pathname, key]) => {
    const { scripts, styles } = chunksOf([chunkKey(key)], shellChunks);
    return [pathname, { scripts: [...scripts], styles: [...styles] }];
  }),
);

// The boot script: landingShowsHere and signedInPageHere (src/app/prerender/landing-here.ts)
// are self-contained.
// Where the landing page shows, the app's code is requested once the page has painted (the frame
// after DOMContentLoaded): in the head, the entry and its preloaded vendor chunk arrived and ran
// before the first paint on a fast connection, and so held it back on a slow one (Lighthouse counted
// them as render-blocking). Where the markup is hidden, or the tab is in the background (no frames
// to wait for), the code is requested at once; where one of SIGNED_IN_PAGES shows (a stored
// session at its path), the shell's and the page's code too, alongside the entry instead of after
// it (their stylesheets are fetched, not applied: Vite's loader applies them with the page).
// Either way the entry runs after the document is parsed, as a module script in the head would
// (an inserted one runs as soon as it arrives).
// What both boot scripts (the landing page's and the shell's) start with: the entry and its
// preloaded chunks, and how they add to the head (before `before`, or last), preload scripts and
// stylesheets, and run the entry once the document is parsed.
const bootHelpers =
  `var entry=${JSON.stringify(entry)},preloads=${JSON.stringify(preloads)};` +
  'function add(tag,attributes,before){var element=document.createElement(tag);' +
  "for(var name in attributes)element[name]=attributes[name];element.crossOrigin='';document.head.insertBefore(element,before||null);return element}" +
  "function preload(hrefs){hrefs.forEach(function(href){add('link',{rel:'modulepreload',href:href})})}" +
  "function preloadStyles(hrefs){hrefs.forEach(function(href){add('link',{rel:'preload',as:'style',href:href})})}" +
  "function run(){add('script',{type:'module',src:entry})}" +
  "function parsed(then){document.addEventListener('DOMContentLoaded',then)}";

/** Writes `content` to dist/assets/<name>-<its hash>.<extension>; its path under dist. */
function writeAsset(name, extension, content) {
  const file = `assets/${name}-${crypto.createHash('sha256').update(content).digest('base64url').slice(0, 8)}.${extension}`;
  fs.writeFileSync(path.join(dist, file), content);
  return file;
}

const boot =
  `(function(){var showsHere=${landingShowsHere.toString()};` +
  `var pageHere=${signedInPageHere.toString()};` +
  `var shell=${shellJson},pages=${JSON.stringify({ '/': pageChunks['/'] })};` +
  bootHelpers +
  'var storage=function(){return window.localStorage};' +
  'var here=showsHere(window.location,storage);' +
  "if(!here)document.documentElement.setAttribute('data-landing-off','');" +
  "if(!here||document.visibilityState==='hidden'){preload([entry].concat(preloads));" +
  'var page=pageHere(window.location,storage,Object.keys(pages));' +
  'if(page){preload(shell.scripts.concat(pages[page].scripts));preloadStyles(shell.styles.concat(pages[page].styles))}' +
  'parsed(run)}' +
  'else parsed(function(){requestAnimationFrame(function(){setTimeout(function(){preload(preloads);run()},0)})})})();\n';
const bootFile = writeAsset('landing-boot', 'js', boot);

let page = shell.replace(entryTag, '').replace(preloadTag, '');
const escapeJson = (value) => JSON.stringify(value).replace(/</g, '\\u003c');
// Where the landing page does not show, its content is hidden but the frame's header (the product's
// name, as every screen has it) stays: the page paints that at once, from the HTML, instead of
// nothing until the app's code has run. `#main-content` is PageFrame's main.
const head = ['<style>html[data-landing-off] #main-content>*{display:none}</style>', styles].join('\n    ');
// antd's styles, then the entry's stylesheet (antd's reset and global.css), inline: the order the
// app has everywhere else (antd puts the styles it makes at the head's start), so global.css's
// overrides of antd's classes win. The entry's <link> stays, typed text/plain: Vite's loader lists
// the entry's stylesheet with every lazily loaded chunk and adds it to the page unless a
// <link rel="stylesheet"> to it is there, so without one it was fetched again with the first chunk
// and the whole page restyled (15-25 ms of a phone's main thread) while it loaded. A stylesheet
// link of a type other than text/css is never fetched nor applied (HTML's "fetch and process the
// linked resource"); `disabled`, which did the same in Chromium 151+, is fetched by older ones.
const entryStylesheet = /<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/;
const entryCss = page.match(entryStylesheet)?.[1];
if (!entryCss || !page.includes('<div id="root"></div>'))
  throw new Error('dist/index.html has no stylesheet <link> or no empty <div id="root"></div>');
const css = fs.readFileSync(path.join(dist, entryCss), 'utf8');
page = page.replace(
  entryStylesheet,
  () => `${head}\n    <style>${css}</style>\n    <link rel="stylesheet" href="/${entryCss}" type="text/plain">`,
);
// The hoisted <title> stays the shell's own, which says the same.
const markup = html.replace(/<title>[^<]*<\/title>/, '');
page = page
  // First in the head: requested before the app's scripts, which would share the bandwidth.
  .replace('<title>', `<script src="/${bootFile}"></script>\n    <title>`)
  .replace(
    '<div id="root"></div>',
    `<div id="root">${markup}</div>\n    <script type="application/json" id="landing-data">${escapeJson({ plan })}</script>`,
  );

// The shell (index.html, every other navigation path):
//   - a boot script of its own, first in the head (the entry's module script is taken out of it),
//     that requests the entry, antd's stylesheets and, where one of the other SIGNED_IN_PAGES
//     shows with a stored session, the shell's and the page's code, and marks <html> with the page;
//   - that page's frame, as the app first draws it there (its skeleton in the frame), in #root:
//     the marked page's is shown, the others are not, so the frame and the page's heading paint
//     from the HTML instead of once the app's code has run; the app's first render replaces them
//     with the same (React empties #root at its first commit);
//   - antd's styles for the components the app uses, and for the frame, as stylesheets with the
//     map of the styles they hold (src/app/prerender/render-shell.tsx), added before the entry's.
const shellPages = Object.fromEntries(Object.entries(pageChunks).filter(([pathname]) => pathname !== '/'));
const BOOT_PAGE = 'data-boot-page';
// Must match ANTD_STYLES_ATTRIBUTE in src/app/prerender/landing-here.ts.
const ANTD_STYLES = 'data-antd-styles';
const { frame, frameStyles, styles: antdCss } = renderShell(Object.keys(shellPages), antdComponentsOf(path.join(frontendRoot, 'src')));
// In pieces of about ANTD_CSS_PIECE bytes, each a stylesheet of its own: the browser parses a
// stylesheet in one task on the main thread, and all of antd's in one took 100-130 ms of a loaded
// desktop's (four times that on Lighthouse's phone), a long task in the Total Blocking Time. Pieces
// of 64 KB were still parses of 55-90 ms at Lighthouse's 4x slowdown; of 32 KB they stay under its
// 50 ms "long task".
const ANTD_CSS_PIECE = 32_000;
// antd's stylesheets added per task where the frame shows (each link added costs the main thread).
const ANTD_CSS_PER_TASK = 7;
const antdCssFiles = cssPieces(antdCss, ANTD_CSS_PIECE).map((piece) => writeAsset('antd', 'css', piece));
// Where it shows the frame (the page is visible), the app's code and antd's stylesheets are
// requested once the frame has painted, as on the landing page: requested at once, they shared the
// slow connection with the HTML's own and held the first paint back (Lighthouse counted them before
// it). Anywhere else they are requested at once and the entry runs once the document is parsed, as
// the module script in the head it replaces did.
const shellBoot =
  `(function(){var pageHere=${signedInPageHere.toString()};` +
  `var shell=${shellJson},pages=${JSON.stringify(shellPages)};` +
  `var antd=${JSON.stringify(antdCssFiles.map((file) => `/${file}`))};` +
  bootHelpers +
  // antd's stylesheets, added by this script so that they hold back neither the first paint nor
  // the entry's run (main.tsx waits for them before the first render instead), before the entry's
  // stylesheet, as antd's styles must be (added in the head's parse, they come before it anyway).
  // In order, in one go or a few at a time (from, to): each before the entry's stylesheet.
  `function styles(from,to){var before=document.querySelector('link[rel="stylesheet"]:not([${ANTD_STYLES}])');` +
  `antd.slice(from,to).forEach(function(href){add('link',{rel:'stylesheet',href:href},before).setAttribute(${JSON.stringify(ANTD_STYLES)},'')})}` +
  'var page=pageHere(window.location,function(){return window.localStorage},Object.keys(pages));' +
  "if(!page||document.visibilityState==='hidden'){styles();preload([entry].concat(preloads));parsed(run);if(!page)return}" +
  `document.documentElement.setAttribute(${JSON.stringify(BOOT_PAGE)},page);` +
  'function code(){preload(shell.scripts.concat(pages[page].scripts));preloadStyles(shell.styles.concat(pages[page].styles))}' +
  "if(document.visibilityState==='hidden')code();" +
  // Each request made by adding an element costs the main thread (about 2 ms a link at a phone's
  // speed): the forty-odd added in one task were one of 150-250 ms at Lighthouse's 4x slowdown.
  // Here a task does a handful: antd's stylesheets in sevens, then the entry, then the code in eights.
  'else parsed(function(){requestAnimationFrame(function(){var scripts=shell.scripts.concat(pages[page].scripts),steps=[];' +
  `for(var i=0;i<antd.length;i+=${ANTD_CSS_PER_TASK})steps.push(styles.bind(null,i,i+${ANTD_CSS_PER_TASK}));` +
  'steps.push(function(){preload([entry].concat(preloads));run()});' +
  'for(var i=0;i<scripts.length;i+=8)steps.push(preload.bind(null,scripts.slice(i,i+8)));' +
  'steps.push(function(){preloadStyles(shell.styles.concat(pages[page].styles))});' +
  '(function next(){var step=steps.shift();if(step)setTimeout(function(){step();next()},0)})()})})})();\n';
const shellBootFile = writeAsset('shell-boot', 'js', shellBoot);

// The frame shows where <html> is marked, with the marked page's skeleton only.
const bootStyles =
  '#root>[data-boot-shell],[data-boot-frame]{display:none}' +
  `html[${BOOT_PAGE}] #root>[data-boot-shell]{display:block}` +
  Object.keys(shellPages)
    .map((pathname) => `html[${BOOT_PAGE}="${pathname}"] [data-boot-frame="${pathname}"]{display:block}`)
    .join('');
if (!shell.includes('<title>') || !entryStylesheet.test(shell) || !shell.includes('<div id="root"></div>'))
  throw new Error('dist/index.html has no <title>, stylesheet <link> or empty <div id="root"></div>');
// The frame's own antd styles are inline, before the entry's stylesheet (the order the app has
// everywhere: antd puts the styles it makes at the head's start), so the frame paints without
// waiting for the stylesheet of all of antd's (added by the boot script, before them).
fs.writeFileSync(
  path.join(dist, 'index.html'),
  shell
    .replace(entryTag, '')
    .replace(preloadTag, '')
    .replace('<title>', `<script src="/${shellBootFile}"></script>\n    <title>`)
    .replace(entryStylesheet, (link) => `<style>${bootStyles}</style>\n    <style>${frameStyles}</style>\n    ${link}`)
    .replace('<div id="root"></div>', () => `<div id="root"><div data-boot-shell>${frame}</div></div>`),
);

/**
 * `css` cut between its top-level rules (an @media or @keyframes block is one) into pieces of
 * about `size` characters, in order. Quoted strings are skipped: a brace in one is text.
 */
function cssPieces(css, size) {
  const pieces = [];
  let start = 0;
  let depth = 0;
  let quote = null;
  for (let i = 0; i < css.length; i++) {
    const c = css[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0 && i + 1 - start >= size) {
      pieces.push(css.slice(start, i + 1));
      start = i + 1;
    }
  }
  if (depth !== 0 || quote) throw new Error("antd's extracted styles do not parse as CSS: unbalanced braces or quotes");
  if (start < css.length) pieces.push(css.slice(start));
  return pieces;
}

/**
 * The antd components the app's source imports by name (`import { Button, type TableProps } from
 * 'antd'`): those whose styles the shell's stylesheet carries. Tests are left out.
 */
function antdComponentsOf(dir) {
  const names = new Set();
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name)) continue;
    const source = fs.readFileSync(path.join(entry.parentPath, entry.name), 'utf8');
    for (const [, list] of source.matchAll(/import\s*\{([^}]*)\}\s*from\s*'antd'/g))
      for (const item of list.split(',')) {
        const name = item.trim().split(/\s+as\s+/)[0];
        if (/^[A-Z]\w*$/.test(name)) names.add(name);
      }
  }
  return [...names].sort();
}

fs.mkdirSync(path.join(dist, 'landing'), { recursive: true });
fs.writeFileSync(path.join(dist, 'landing', 'index.html'), page);
console.log(
  `prerendered dist/landing/index.html: ${(page.length / 1000).toFixed(1)} kB ` +
    `(markup ${(markup.length / 1000).toFixed(1)} kB, antd styles ${(styles.length / 1000).toFixed(1)} kB); ` +
    `dist/index.html: frame ${(frame.length / 1000).toFixed(1)} kB, its antd styles ${(frameStyles.length / 1000).toFixed(1)} kB, ` +
    `antd's stylesheets ${(antdCss.length / 1000).toFixed(1)} kB in ${antdCssFiles.length}`,
);
