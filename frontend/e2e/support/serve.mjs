#!/usr/bin/env node
// Starts the built app for the end-to-end tests on its own port with a brand-new embedded
// PostgreSQL, and removes that database when Playwright stops the server.
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const main = path.resolve(here, '..', '..', '..', 'backend', 'dist', 'main.js');
if (!fs.existsSync(main)) {
  console.error(`${main} is missing: run \`npm run build\` first`);
  process.exit(1);
}

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'duty-manager-e2e-'));
// mkdtemp makes the directory private; PostgreSQL (as root: the postgres user) must enter it.
fs.chmodSync(root, 0o711);
const port = Number(process.env.E2E_PORT ?? 3100);

const app = spawn(process.execPath, [main], {
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: '',
    EMBEDDED_PG_DIR: path.join(root, 'postgres'),
    EMBEDDED_PG_PORT: String(port + 20000),
    APP_NOW: process.env.APP_NOW ?? '2025-09-08T09:00',
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
  },
});

const cleanUp = () => fs.rmSync(root, { recursive: true, force: true });
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => app.kill(signal));
}
app.on('exit', (code, signal) => {
  cleanUp();
  process.exit(code ?? (signal ? 0 : 1));
});
