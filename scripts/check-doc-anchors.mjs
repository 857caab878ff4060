#!/usr/bin/env node
// Every `docs/<file>.md#<anchor>` the repository cites exists (`npm run check:doc-anchors`, and a
// runner of `npm test`). Code comments cite the rules they follow by anchor; a renamed heading
// would otherwise leave them pointing at nothing, silently.
//
// Usage: node scripts/check-doc-anchors.mjs [--report=<file>]
//   --report writes the findings as JSON to <file> (scripts/test.mjs counts checks from it).
//
// What counts as a citation:
//   - in any scanned file, `docs/<file>.md` with or without `#<anchor>` (a path before `docs/`,
//     such as `../../docs/`, is allowed; a URL is not a citation and is skipped);
//   - in Markdown files, a relative link `](<path>.md#<anchor>)` or `](#<anchor>)`, resolved from
//     the file's folder, and a bare `<file>.md#<anchor>` naming a sibling page.
// What counts as an anchor: GitHub's heading ids (the heading's text without its Markdown,
// lower-cased, punctuation dropped, each space a '-'; a repeated heading gets -1, -2, …), and
// explicit `<a id="…">` / `<a name="…">` / `{#…}` anchors. Headings inside fenced code blocks
// are not headings.
//
// Before it reads the repository the check runs itself on a planted sample (a page and a source
// file with a good citation, a wrong anchor and a missing page) and fails if it does not find
// exactly the planted faults: a check that finds nothing must be one that can find something.
//
// Exits 1 naming `file:line` and the missing anchor or page for every broken citation.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reportArg = process.argv.find((a) => a.startsWith('--report='))?.slice('--report='.length);

/** Where citations are looked for (relative to the root); README.md is a file, the rest folders. */
const SCANNED = [
  'README.md',
  'docs',
  'backend/src',
  'backend/test',
  'backend/scripts',
  'frontend/src',
  'frontend/e2e',
  'frontend/scripts',
  'scripts',
  'bench',
  'docker',
  '.ci',
  '.github',
];
// This file cites its planted sample's pages, which exist only in memory.
const SELF = path.posix.relative(root, fileURLToPath(import.meta.url)).split(path.sep).join('/');
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'results', 'coverage', '.git']);
const TEXT_FILE = /\.(md|ts|tsx|js|mjs|cjs|json|ya?ml|sh|css|html)$|^(run|Dockerfile)$/;

/** GitHub's id of a heading: its text as rendered, lower-cased, punctuation dropped, spaces → '-'. */
export function headingSlug(heading) {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1') // links and images: their text
    .replace(/<[^>]+>/g, '') // inline HTML tags
    .replace(/`([^`]*)`/g, '$1') // code spans: their content, as is
    .replace(/(\*\*|__)(.+?)\1/g, '$2') // strong
    .replace(/(^|[^\w*])[*_](?=\S)(.+?)(?<=\S)[*_](?=[^\w*]|$)/g, '$1$2'); // emphasis
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** Every anchor a Markdown text defines: heading ids (with GitHub's -1, -2 for repeats) and explicit ones. */
export function anchorsOf(markdown) {
  const anchors = new Set();
  const occurrences = new Map(); // github-slugger's rule: the second "x" is x-1, unless x-1 is taken
  let fence = null;
  for (const line of markdown.split('\n')) {
    const fenceMark = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fenceMark && (fence === null || (fenceMark[0] === fence[0] && fenceMark.length >= fence.length))) {
      fence = fence === null ? fenceMark : null;
      continue;
    }
    if (fence !== null) continue;
    for (const m of line.matchAll(/<a\s+(?:id|name)=["']([^"']+)["']/g)) anchors.add(m[1]);
    for (const m of line.matchAll(/\{#([\w-]+)\}/g)) anchors.add(m[1]);
    const heading = /^\s{0,3}#{1,6}\s+(.*?)(?:\s+#+)?\s*$/.exec(line)?.[1];
    if (heading === undefined) continue;
    const base = headingSlug(heading.replace(/\s*\{#[\w-]+\}\s*$/, ''));
    let slug = base;
    while (occurrences.has(slug)) {
      occurrences.set(base, occurrences.get(base) + 1);
      slug = `${base}-${occurrences.get(base)}`;
    }
    occurrences.set(slug, 0);
    anchors.add(slug);
  }
  return anchors;
}

/** The docs citations in one file's text: `{ line, target (root-relative page), anchor?, cited }`. */
export function citationsIn(file, text, exists) {
  const out = [];
  const isMarkdown = file.endsWith('.md');
  const dir = path.posix.dirname(file);
  text.split('\n').forEach((lineText, i) => {
    const line = i + 1;
    const found = new Map(); // page#anchor → citation, so one citation matched by two patterns counts once
    const add = (target, anchor, cited) => {
      const key = `${target}#${anchor ?? ''}`;
      if (!found.has(key)) found.set(key, { target, anchor, cited });
    };
    for (const m of lineText.matchAll(/(?<![\w.-])((?:\.{1,2}\/)*(?:[\w.-]+\/)*docs\/([\w.-]+\.md))(?:#([\w-]*))?/g)) {
      const token = lineText.slice(0, m.index).split(/[\s(<"'`[]/).pop() ?? '';
      // A URL, or another project's docs folder (`some/docs/x.md`), is not a citation of ours.
      if (token.includes('://') || !/^(?:\.{1,2}\/)*docs\//.test(m[1])) continue;
      add(`docs/${m[2]}`, m[3], m[0]);
    }
    if (isMarkdown) {
      for (const m of lineText.matchAll(/\]\(([^)\s#]*)(?:#([^)\s]*))?\)/g)) {
        const [, href, anchor] = m;
        if (/^[a-z]+:/i.test(href) || (href && !href.endsWith('.md'))) continue;
        const target = href ? path.posix.normalize(path.posix.join(dir, href)) : file;
        if (target.startsWith('..')) continue;
        add(target, anchor, m[0].slice(2, -1));
      }
      // A bare `product.md#rule` in prose names a page beside this one.
      for (const m of lineText.matchAll(/(?<![\w./(-])([\w-]+\.md)#([\w-]+)/g)) {
        const target = path.posix.join(dir, m[1]);
        if (exists(target)) add(target, m[2], m[0]);
      }
    }
    for (const c of found.values()) out.push({ file, line, ...c });
  });
  return out;
}

/** The broken citations among `citations`, given the pages' texts (`read(page)`, undefined when missing). */
export function brokenCitations(citations, read) {
  const anchorCache = new Map();
  const broken = [];
  for (const c of citations) {
    const page = read(c.target);
    if (page === undefined) {
      broken.push({ ...c, problem: `${c.target} does not exist` });
      continue;
    }
    if (!c.anchor) continue;
    if (!anchorCache.has(c.target)) anchorCache.set(c.target, anchorsOf(page));
    if (!anchorCache.get(c.target).has(c.anchor)) broken.push({ ...c, problem: `no anchor #${c.anchor} in ${c.target}` });
  }
  return broken;
}

// --- the planted sample: the check must find exactly these faults before it is trusted ---------
const PLANTED_PAGE = [
  '# Sample page',
  '## The rota stays `true`',
  '### Who gets a slot?',
  '## Calendar — `npm run bench:calendar`',
  '## Repeated',
  '## Repeated',
  '<a id="fair-share"></a>',
  '```bash',
  '# not a heading',
  '```',
].join('\n');
const PLANTED_SOURCE = [
  '// docs/sample.md#the-rota-stays-true and docs/sample.md#who-gets-a-slot are fine',
  '// docs/sample.md#calendar--npm-run-benchcalendar, docs/sample.md#repeated-1 and docs/sample.md#fair-share too',
  '// https://example.org/docs/sample.md#nothing is a URL, not a citation',
  '/** A wrong anchor (docs/sample.md#sessions). */',
  '// a heading inside a code block is no anchor: docs/sample.md#not-a-heading',
  '// a missing page: docs/missing.md#anything',
].join('\n');

function selfTest() {
  const pages = { 'docs/sample.md': PLANTED_PAGE };
  const citations = citationsIn('backend/src/planted.ts', PLANTED_SOURCE, (p) => p in pages);
  const found = brokenCitations(citations, (p) => pages[p]).map((b) => `${b.line} ${b.problem}`);
  const expected = [
    '4 no anchor #sessions in docs/sample.md',
    '5 no anchor #not-a-heading in docs/sample.md',
    '6 docs/missing.md does not exist',
  ];
  const ok = citations.length === 8 && JSON.stringify(found) === JSON.stringify(expected);
  return { ok, found, expected, citations: citations.length };
}

function scannedFiles() {
  const files = [];
  const walk = (rel) => {
    const abs = path.join(root, rel);
    if (!fs.existsSync(abs)) return;
    if (fs.statSync(abs).isFile()) {
      files.push(rel);
      return;
    }
    for (const entry of fs.readdirSync(abs, { withFileTypes: true })) {
      const child = path.posix.join(rel, entry.name);
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name)) walk(child);
      } else if (TEXT_FILE.test(entry.name) && child !== SELF) files.push(child);
    }
  };
  for (const rel of SCANNED) walk(rel);
  return files;
}

const self = selfTest();
if (!self.ok) {
  console.error('check:doc-anchors: the check did not find exactly its planted faults, so it cannot be trusted');
  console.error(`  expected: ${JSON.stringify(self.expected)}`);
  console.error(`  found:    ${JSON.stringify(self.found)} (of ${self.citations} citations read, 8 planted)`);
  if (reportArg) fs.writeFileSync(reportArg, JSON.stringify({ selfTest: false, broken: [] }, null, 2));
  process.exit(1);
}
console.log(`check:doc-anchors: the planted sample's ${self.expected.length} faults were found`);

const read = (rel) => {
  const abs = path.join(root, rel);
  return fs.existsSync(abs) && fs.statSync(abs).isFile() ? fs.readFileSync(abs, 'utf8') : undefined;
};
const files = scannedFiles();
const citations = files.flatMap((file) => citationsIn(file, read(file), (p) => read(p) !== undefined));
const broken = brokenCitations(citations, read);
if (reportArg) fs.writeFileSync(reportArg, JSON.stringify({ selfTest: true, citations: citations.length, broken }, null, 2));

for (const b of broken) console.error(`${b.file}:${b.line}: ${b.cited} — ${b.problem}`);
const withAnchor = citations.filter((c) => c.anchor).length;
const summary = `${citations.length} citations of docs pages (${withAnchor} with an anchor) in ${files.length} files`;
if (broken.length) {
  console.error(`\ncheck:doc-anchors: ${broken.length} broken of ${summary}`);
  process.exit(1);
}
console.log(`check:doc-anchors: ${summary}, every page and anchor exists`);
