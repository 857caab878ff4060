import * as fs from 'node:fs';
import * as net from 'node:net';
import type { Env } from '../config/env';

/** The port MailDev's inbox is known by; taken when free, so a bookmark keeps working. */
const USUAL_INBOX_PORT = 1080;
/** A laptop's inbox keeps the newest emails only, so it never slows start-up down. */
const KEPT_EMAILS = 1000;

export interface MailCatcher {
  /** Where the app sends: the catcher's SMTP server on the loopback interface. */
  smtpUrl: string;
  /** Where people read what was sent: the web inbox (its REST API is under /api/email). */
  inboxUrl: string;
  stop(): Promise<void>;
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/**
 * The local mail catcher that `npm start` runs on a laptop when no mail server is configured
 * (docs/product.md#email): every email, sign-in links included, lands in a web inbox instead of
 * nowhere, so a new install can verify an address or accept an invitation. MailDev's SMTP server
 * takes any free port and its inbox MAIL_CATCHER_PORT (else 1080 when free, else any); both listen
 * on the loopback interface only, since the inbox holds working sign-in links. The emails are kept
 * in MAIL_CATCHER_DIR and survive a restart. MailDev is a devDependency: production never runs it.
 */
export async function startMailCatcher(env: Pick<Env, 'MAIL_CATCHER_PORT' | 'MAIL_CATCHER_DIR'>): Promise<MailCatcher> {
  let MailDev: typeof import('maildev').MailDev;
  try {
    ({ MailDev } = await import('maildev'));
  } catch (err) {
    throw new Error(
      `The local mail catcher (the maildev package, a devDependency) is not installed (${err instanceof Error ? err.message : String(err)}): ` +
        'run npm ci, or set SMTP_URL to a mail server, or SMTP_URL=off to run without email',
    );
  }
  const web = env.MAIL_CATCHER_PORT ?? ((await portIsFree(USUAL_INBOX_PORT)) ? USUAL_INBOX_PORT : 0);
  fs.mkdirSync(env.MAIL_CATCHER_DIR, { recursive: true });
  const catcher = new MailDev({
    smtp: 0,
    ip: '127.0.0.1',
    web,
    webIp: '127.0.0.1',
    mailDirectory: env.MAIL_CATCHER_DIR,
    maxEmails: KEPT_EMAILS,
    silent: true,
  });
  let servers: Awaited<ReturnType<typeof catcher.start>>;
  try {
    servers = await catcher.start();
  } catch (err) {
    await catcher.stop().catch(() => undefined);
    const taken = (err as { code?: unknown } | null)?.code === 'EADDRINUSE';
    throw new Error(
      taken
        ? `The local mail catcher's inbox port ${web} is taken: set MAIL_CATCHER_PORT to a free port`
        : `The local mail catcher could not start: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
  const inbox = servers.api?.getAddress();
  if (!inbox) {
    await catcher.stop();
    throw new Error('The local mail catcher started without its web inbox');
  }
  return {
    smtpUrl: `smtp://127.0.0.1:${servers.smtp.getAddress().port}`,
    inboxUrl: `http://localhost:${inbox.port}`,
    stop: () => catcher.stop(),
  };
}
