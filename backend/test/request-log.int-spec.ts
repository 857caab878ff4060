import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { freePort } from '../src/database/throwaway-postgres';
import { type AppProcess, killApp, listening, startApp } from './support/app-process';
import { createTestDatabase } from './support/test-database';

/**
 * The request log as the built app writes it (`node dist/main.js`, pino on stdout): secrets in
 * URLs and headers never reach it, whatever the route, the parameter's spelling or whether the
 * route exists.
 */
describe('request log', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let app: AppProcess;
  let base: string;
  let staticDir: string;

  beforeAll(async () => {
    db = await createTestDatabase();
    staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'duty-manager-log-static-'));
    fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>shell</title>');
    const port = await freePort();
    app = startApp({
      DATABASE_URL: db.url,
      PORT: String(port),
      HOST: '127.0.0.1',
      JWT_SECRET: randomBytes(32).toString('hex'),
      REMINDER_CRON: 'off',
      LOG_LEVEL: 'info',
      SERVE_STATIC: 'true',
      STATIC_DIR: staticDir,
    });
    await listening(app);
    base = `http://127.0.0.1:${port}`;
  }, 60_000);

  afterAll(async () => {
    await killApp(app);
    await db?.drop();
    fs.rmSync(staticDir, { recursive: true, force: true });
  });

  async function call(method: string, url: string, options: { token?: string; json?: object; body?: FormData; headers?: Record<string, string> } = {}) {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: {
        ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
        ...(options.json ? { 'Content-Type': 'application/json' } : {}),
        ...options.headers,
      },
      body: options.json ? JSON.stringify(options.json) : options.body,
    });
    const text = await res.text();
    return { status: res.status, body: (text.startsWith('{') ? JSON.parse(text) : {}) as Record<string, unknown> };
  }

  /** Resolves once the log has a line for a request whose URL contains `marker`. */
  function logged(marker: string): Promise<void> {
    return new Promise((resolve) => {
      const check = () => {
        if (app.output().includes(marker)) {
          app.child.stdout?.off('data', check);
          resolve();
        }
      };
      app.child.stdout?.on('data', check);
      check();
    });
  }

  it('redacts feed tokens, download tickets, link tokens, passwords and bearer tokens from every line', async () => {
    const password = `pw-${randomBytes(6).toString('hex')}`;
    const subdomain = `log-${randomBytes(3).toString('hex')}`;
    const registered = await call('POST', '/api/auth/register', {
      json: { name: 'Log Admin', email: `${subdomain}@example.com`, password, organizationName: 'Log School', organizationSubdomain: subdomain },
    });
    expect(registered.status).toBe(201);
    const session = registered.body.token as string;
    await call('POST', '/api/auth/login', { json: { email: `${subdomain}@example.com`, password, organizationSubdomain: subdomain } });

    const subscription = await call('POST', '/api/calendar/subscription', { token: session });
    const feedToken = subscription.body.token as string;
    expect(feedToken.length).toBeGreaterThanOrEqual(22);
    expect((await call('GET', `/api/calendar/subscribe/all-duties?token=${feedToken}`)).status).toBe(200);
    expect((await call('GET', `/api/calendar/subscribe/my-duties?token=${encodeURIComponent(feedToken)}&x=1`)).status).toBe(200);
    // A calendar's revalidation, answered before the route (feed-revalidation.ts), is a request like any other.
    const etag = (await fetch(`${base}/api/calendar/subscribe/all-duties?token=${feedToken}`)).headers.get('etag')!;
    expect((await call('GET', `/api/calendar/subscribe/all-duties?token=${feedToken}&revalidated=1`, { headers: { 'If-None-Match': etag } })).status).toBe(304);

    const form = new FormData();
    form.append('file', new Blob([Buffer.from('%PDF-1.4\n%%EOF\n')], { type: 'application/pdf' }), 'procedures.pdf');
    expect((await call('POST', '/api/settings/procedure-file', { token: session, body: form })).status).toBe(200);
    const link = await call('GET', '/api/settings/procedure-file/link', { token: session });
    const ticket = new URL(link.body.url as string, base).searchParams.get('ticket')!;
    expect((await call('GET', link.body.url as string)).status).toBe(200);

    // Variants an attacker reading the logs would hope for: other spellings and places.
    const linkToken = randomBytes(32).toString('base64url');
    const variants = [
      `/verify-email?token=${linkToken}a`,
      `/reset-password?invite=1&token=${linkToken}b`,
      `/api/calendar/subscribe/${linkToken}c`,
      `/api/calendar/subscribe/all-duties?TOKEN=${linkToken}d`,
      `/api/calendar/subscribe/all-duties?%74oken=${linkToken}e`,
      `/api/settings/procedure-file/download?ticket=short-${linkToken.slice(0, 8)}f`,
      `/api/anything?password=${password}&access_token=${linkToken}g`,
      `/api/anything?t=${linkToken}h`,
    ];
    for (const url of variants) await call('GET', url, { headers: { Authorization: `Bearer ${session}`, Cookie: `session=${linkToken}i` } });

    const marker = `done-${randomBytes(4).toString('hex')}`;
    await call('GET', `/api/plan?marker=${marker}`);
    await logged(marker);

    const log = app.output();
    const secrets = {
      password,
      session,
      sessionSignature: session.split('.')[2]!,
      feedToken,
      ticket,
      ticketSignature: ticket.split('.')[1]!,
      linkToken,
      shortTicket: `short-${linkToken.slice(0, 8)}`,
    };
    for (const [name, secret] of Object.entries(secrets)) {
      expect({ name, leaked: log.includes(secret) }).toEqual({ name, leaked: false });
    }
    // The lines are still there, with the secret's place marked.
    expect(log).toContain('/api/calendar/subscribe/all-duties?token=[REDACTED]');
    const revalidation = log.split('\n').find((line) => line.includes('/api/calendar/subscribe/all-duties?token=[REDACTED]&revalidated=1'));
    expect(JSON.parse(revalidation ?? '{}')).toMatchObject({ res: { statusCode: 304 }, msg: 'request completed' });
    expect(log).toContain('/api/settings/procedure-file/download?ticket=[REDACTED]');
    expect(log).toContain('/api/calendar/subscribe/[REDACTED]');
    expect(log).toContain('/api/anything?password=[REDACTED]&access_token=[REDACTED]');
    expect(log).toContain(`/api/plan?marker=${marker}`);
  }, 60_000);
});
