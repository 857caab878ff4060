import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { isProcessRunning } from '../src/database/embedded-postgres';
import { freePort } from '../src/database/throwaway-postgres';
import { listening, MAIN, startApp } from './support/app-process';

function postmasterPid(dataDir: string): number | undefined {
  const file = path.join(dataDir, 'postmaster.pid');
  return fs.existsSync(file) ? Number(fs.readFileSync(file, 'utf8').split('\n')[0]) : undefined;
}

/**
 * The built app as a real process (`node dist/main.js`, what `npm start` runs): configuration
 * errors, start on the embedded PostgreSQL, SIGKILL and restart without clean-up, SIGTERM.
 * `npm test -w backend` builds dist/ before jest runs.
 */
describe('the app process', () => {
  let root: string;

  beforeAll(() => {
    expect(fs.existsSync(MAIN)).toBe(true);
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'duty-manager-process-'));
    fs.chmodSync(root, 0o711);
  });

  afterAll(() => {
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('refuses to start on a malformed variable, with one line naming it', async () => {
    const app = startApp({ PORT: 'abc' });
    expect(await app.exited).toBe(1);
    const lines = app.output().trim().split('\n');
    expect(lines).toEqual(['Invalid configuration: PORT must be a whole number between 1 and 65535 (got "abc")']);
  });

  it('starts on the embedded PostgreSQL, survives SIGKILL, and stops cleanly on SIGTERM', async () => {
    const dataDir = path.join(root, 'postgres');
    const env = {
      PORT: String(await freePort()),
      EMBEDDED_PG_PORT: String(await freePort()),
      EMBEDDED_PG_DIR: dataDir,
    };
    const health = () => fetch(`http://127.0.0.1:${env.PORT}/api/health`).then((r) => r.json());

    const first = startApp(env);
    await listening(first);
    expect(await health()).toEqual({ status: 'ok', database: 'up' });
    const orphan = postmasterPid(dataDir);
    expect(orphan).toBeDefined();

    first.child.kill('SIGKILL');
    await first.exited;
    // The killed app could not stop its PostgreSQL: it is still running, holding the lock file.
    expect(isProcessRunning(orphan!)).toBe(true);

    const second = startApp(env);
    await listening(second);
    expect(await health()).toEqual({ status: 'ok', database: 'up' });
    expect(second.output()).toContain('left running by an earlier run');
    expect(isProcessRunning(orphan!)).toBe(false);
    const serverPid = postmasterPid(dataDir)!;

    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    expect(isProcessRunning(serverPid)).toBe(false);
    expect(postmasterPid(dataDir)).toBeUndefined();
  }, 90_000);

  it('never writes passwords or session tokens to its logs, even at trace level', async () => {
    const env = {
      PORT: String(await freePort()),
      EMBEDDED_PG_PORT: String(await freePort()),
      EMBEDDED_PG_DIR: path.join(root, 'postgres-logs'),
      LOG_LEVEL: 'trace',
    };
    const app = startApp(env);
    await listening(app);
    const base = `http://127.0.0.1:${env.PORT}/api/auth`;
    const post = (url: string, body: object, headers: Record<string, string> = {}) =>
      fetch(`${base}/${url}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });
    const password = 'Sup3r-Secret-Passw0rd';
    const registered = await post('register', {
      name: 'Log Test',
      email: 'logs@example.com',
      password,
      organizationName: 'Log School',
      organizationSubdomain: 'log-school',
    });
    expect(registered.status).toBe(201);
    const { token } = (await registered.json()) as { token: string };
    await post('login', { email: 'logs@example.com', password: 'Wr0ng-Passw0rd-Here', organizationSubdomain: 'log-school' });
    await post('reset-password', { token: 'x', newPassword: 'An0ther-Secret-Pass' });
    const me = await fetch(`${base}/user`, { headers: { Authorization: `Bearer ${token}` } });
    expect(me.status).toBe(200);
    app.child.kill('SIGTERM');
    expect(await app.exited).toBe(0);

    const logs = app.output();
    expect(logs).toContain('/api/auth/login');
    for (const secret of [password, 'Wr0ng-Passw0rd-Here', 'An0ther-Secret-Pass', token]) {
      expect(logs).not.toContain(secret);
    }
  }, 90_000);
});
