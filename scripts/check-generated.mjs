#!/usr/bin/env node
// Regenerates openapi/openapi.json and the RTK Query *.gen.ts files, then fails when that
// changed anything: generated files are never edited by hand and must match the backend.
import { execFileSync, spawnSync } from 'node:child_process';

const GENERATED = ['openapi', ':(glob)frontend/src/**/*.gen.ts'];

const gen = spawnSync('npm', ['run', 'gen'], { stdio: 'inherit' });
if (gen.status !== 0) {
  console.error('check:generated: `npm run gen` failed');
  process.exit(gen.status ?? 1);
}

const status = execFileSync('git', ['status', '--porcelain', '--', ...GENERATED], { encoding: 'utf8' }).trim();
if (status) {
  console.error('\nGenerated files are not up to date with the backend:');
  console.error(status);
  execFileSync('git', ['--no-pager', 'diff', '--stat', '--', ...GENERATED], { stdio: 'inherit' });
  console.error('\nRun `npm run gen` and commit the result.');
  process.exit(1);
}
console.log('check:generated: generated files are up to date');
