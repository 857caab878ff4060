// How production starts the app, read from backend/package.json's `start:prod` script (the
// README's `npm start` and the Docker image use the same settings), so a benchmark measures the
// server as it is deployed: the environment assignments before `node` and node's own flags.
//   "start:prod": "MALLOC_ARENA_MAX=2 node --max-semi-space-size=8 dist/main.js"
//   → { env: { MALLOC_ARENA_MAX: '2' }, nodeArgs: ['--max-semi-space-size=8'] }
import * as fs from 'node:fs';

export function productionStart() {
  const pkg = JSON.parse(fs.readFileSync(new URL('../../backend/package.json', import.meta.url), 'utf8'));
  const words = pkg.scripts['start:prod'].trim().split(/\s+/);
  const env = {};
  while (words.length && /^[A-Z_][A-Z0-9_]*=/.test(words[0])) {
    const [key, ...value] = words.shift().split('=');
    env[key] = value.join('=');
  }
  if (words.shift() !== 'node') throw new Error(`start:prod does not run node: ${pkg.scripts['start:prod']}`);
  const nodeArgs = words.filter((w) => w.startsWith('--'));
  return { env, nodeArgs };
}
