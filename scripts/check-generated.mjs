#!/usr/bin/env node
// Regenerates openapi/openapi.json, the RTK Query *.gen.ts files, the frontend's permission
// table (frontend/src/shared/auth/permissions.gen.ts) and the module diagram in
// docs/architecture.md, and fails when that changed any of them: generated files are never
// edited by hand and must match the backend.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function generatedFiles() {
  const files = new Map();
  const spec = path.join(root, 'openapi', 'openapi.json');
  if (fs.existsSync(spec)) files.set('openapi/openapi.json', fs.readFileSync(spec, 'utf8'));
  // The backend's module diagram (backend/scripts/module-graph.mjs) inside the architecture page.
  files.set('docs/architecture.md', fs.readFileSync(path.join(root, 'docs', 'architecture.md'), 'utf8'));
  // Every *.gen.ts under frontend/src: the RTK Query endpoints and the permission table.
  const src = path.join(root, 'frontend', 'src');
  for (const entry of fs.readdirSync(src, { recursive: true })) {
    const rel = String(entry);
    if (rel.endsWith('.gen.ts')) {
      files.set(path.join('frontend/src', rel), fs.readFileSync(path.join(src, rel), 'utf8'));
    }
  }
  return files;
}

const before = generatedFiles();
const gen = spawnSync('npm', ['run', 'gen'], { stdio: 'inherit', cwd: root });
if (gen.status !== 0) {
  console.error('check:generated: `npm run gen` failed');
  process.exit(gen.status ?? 1);
}
const after = generatedFiles();

const stale = [...new Set([...before.keys(), ...after.keys()])]
  .sort()
  .filter((file) => before.get(file) !== after.get(file))
  .map((file) => `  ${!before.has(file) ? 'missing' : !after.has(file) ? 'obsolete' : 'changed'}: ${file}`);

if (stale.length) {
  console.error('\ncheck:generated: generated files were not up to date with the backend:');
  console.error(stale.join('\n'));
  console.error('\n`npm run gen` has now rewritten them: review and commit the result.');
  process.exit(1);
}
console.log(`check:generated: ${after.size} generated files are up to date`);
