import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { freePort } from '../src/database/throwaway-postgres';
import { type AppProcess, killApp, listening, startApp } from './support/app-process';

interface CaughtEmail {
  subject: string;
  text: string;
  to: { address: string }[];
}

/** The inbox the start-up output names (docs/product.md#email): the only place a person is told. */
function inboxNamedBy(app: AppProcess): string {
  const match = app.output().match(/Emails go to a local inbox, not to the people they name: read them at (http:\/\/\S+?) /);
  if (!match) throw new Error(`The start-up output names no inbox:\n${app.output()}`);
  return match[1]!;
}

/** Waits until the catcher's REST API lists an email that matches (the outbox sends within seconds). */
async function caught(inbox: string, match: (email: CaughtEmail) => boolean): Promise<CaughtEmail> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const emails = (await (await fetch(`${inbox}/api/email`)).json()) as CaughtEmail[];
    const found = emails.find(match);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`No matching email in ${inbox}; it holds: ${emails.map((e) => e.subject).join(', ')}`);
    // The catcher has no "wait for mail" call: ask again shortly.
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * `npm start` on a laptop (the built app as a real process, NODE_ENV=development, no SMTP_URL):
 * it runs a local mail catcher beside the embedded PostgreSQL, says where its inbox is, and a
 * new account's verification link arrives there and works. Production without a mail server
 * refuses to start.
 */
describe('mail on a laptop', () => {
  let root: string;
  let app: AppProcess | undefined;

  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'duty-manager-mail-'));
    fs.chmodSync(root, 0o711);
  });

  afterAll(async () => {
    await killApp(app);
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('delivers the verification email to the local inbox that the start-up output names', async () => {
    const port = await freePort();
    app = startApp({
      NODE_ENV: 'development',
      SMTP_URL: '',
      PORT: String(port),
      EMBEDDED_PG_PORT: String(await freePort()),
      EMBEDDED_PG_DIR: path.join(root, 'postgres'),
      MAIL_CATCHER_PORT: String(await freePort()),
      MAIL_CATCHER_DIR: path.join(root, 'mail'),
      REMINDER_CRON: 'off',
    });
    await listening(app);
    const inbox = inboxNamedBy(app);

    const base = `http://127.0.0.1:${port}/api/auth`;
    const registered = await fetch(`${base}/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        name: 'Laptop Admin',
        email: 'admin@laptop.example.com',
        password: 'Laptop-Passw0rd-42',
        organizationName: 'Laptop School',
        organizationSubdomain: 'laptop-school',
      }),
    });
    expect(registered.status).toBe(201);

    const email = await caught(inbox, (e) => e.to.some((t) => t.address === 'admin@laptop.example.com') && /verify-email\?token=/.test(e.text));
    const link = new URL(email.text.match(/https?:\/\/\S*\/verify-email\?token=\S+/)![0]);
    expect(link.origin).toBe(`http://localhost:${port}`);
    const verified = await fetch(`${base}/verify-email`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ token: link.searchParams.get('token') }),
    });
    expect(verified.status).toBe(200);
    // The inbox keeps what it caught on disk, so a restart doesn't lose a link not yet followed.
    expect(fs.readdirSync(path.join(root, 'mail')).some((f) => f.endsWith('.eml'))).toBe(true);

    app.child.kill('SIGTERM');
    expect(await app.exited).toBe(0);
    // The catcher stopped with the app: its inbox no longer answers.
    await expect(fetch(`${inbox}/api/email`)).rejects.toThrow();
  }, 120_000);

  it('refuses to start in production without a mail server, with one line saying how to run without email', async () => {
    const refused = startApp({ NODE_ENV: 'production', SMTP_URL: '', JWT_SECRET: 'x'.repeat(40) });
    expect(await refused.exited).toBe(1);
    expect(refused.output().trim().split('\n')).toEqual([
      'Invalid configuration: SMTP_URL is required in production: the smtp:// or smtps:// URL of your mail server, or off to run without email (it is missing)',
    ]);
  });
});
