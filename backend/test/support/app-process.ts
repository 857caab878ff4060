import { type ChildProcess, spawn } from 'node:child_process';
import * as path from 'node:path';

/**
 * The built app as a real process (`node dist/main.js`, what `npm start` runs), for tests that
 * need what an in-process app cannot give: SIGKILL, a restart, or two instances that share
 * nothing but the database. `npm test -w backend` builds dist/ before jest runs.
 */
export const MAIN = path.resolve(__dirname, '..', '..', 'dist', 'main.js');

export interface AppProcess {
  child: ChildProcess;
  /** Everything it printed so far, stdout and stderr. */
  output: () => string;
  /** Resolves with the exit code (null when a signal ended it). */
  exited: Promise<number | null>;
}

/**
 * Starts `node [nodeArgs] dist/main.js` with `env` on top of this process's environment. DATABASE_URL is
 * empty (the embedded PostgreSQL) unless `env` sets it; static files are not served.
 */
export function startApp(env: Record<string, string>, nodeArgs: string[] = []): AppProcess {
  const child = spawn(process.execPath, [...nodeArgs, MAIN], {
    env: { ...process.env, DATABASE_URL: '', LOG_LEVEL: 'info', SERVE_STATIC: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** Resolves when the app logs that it listens; rejects if it exits first. */
export function listening(app: AppProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = () => {
      if (app.output().includes('Duty Manager is listening')) {
        app.child.stdout?.off('data', check);
        resolve();
      }
    };
    app.child.stdout?.on('data', check);
    check();
    void app.exited.then((code) => reject(new Error(`app exited (${code}) before listening:\n${app.output()}`)));
  });
}

/** Ends the process if it still runs (SIGKILL) and waits for it: for afterAll/finally blocks. */
export async function killApp(app: AppProcess | undefined): Promise<void> {
  if (!app || app.child.exitCode !== null || app.child.signalCode !== null) return;
  app.child.kill('SIGKILL');
  await app.exited;
}
