#!/usr/bin/env node
// Regenerates openapi/openapi.json and the RTK Query *.gen.ts files and fails when that
// changed any of them: generated files are never edited by hand and must match the backend.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function generatedFiles() {
  const files = new Map();
  const spec = path.join(root, 'openapi', 'openapi.json');
  if (fs.existsSync(spec)) files.set('openapi/openapi.json', fs.readFileSync(spec, 'utf8'));
  const features = path.join(root, 'frontend', 'src', 'features');
  for (const entry of fs.readdirSync(features, { recursive: true })) {
    const rel = String(entry);
    if (rel.endsWith('.gen.ts')) {
      files.set(path.join('frontend/src/features', rel), fs.readFileSync(path.join(features, rel), 'utf8'));
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
