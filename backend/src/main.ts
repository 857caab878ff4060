import 'reflect-metadata';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { MikroORM } from '@mikro-orm/core';
import pino from 'pino';
import { createApp } from './app.factory';
import { releaseStartupMemory } from './common/memory/idle-memory-release';
import { ConfigurationError, Env, MAIL_OFF, REPO_ROOT, validateEnv, wantsMailCatcher } from './config/env';
import { resolveJwtSecret } from './config/jwt-secret';
import { type MailCatcher, startMailCatcher } from './database/mail-catcher';
import { runMigrations } from './database/migrate';
import { provisionDatabase, ProvisionedDatabase } from './database/provision';

/** Reads `.env` at the repository root when there is one; real environment variables win. */
function loadDotEnv(): void {
  const file = path.join(REPO_ROOT, '.env');
  if (fs.existsSync(file)) process.loadEnvFile(file);
}

async function main(): Promise<void> {
  loadDotEnv();
  let env: Env;
  try {
    env = validateEnv(process.env);
  } catch (err) {
    if (err instanceof ConfigurationError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }

  const log = pino({ level: env.LOG_LEVEL, name: 'bootstrap' });
  let db: ProvisionedDatabase | undefined;
  let mail: MailCatcher | undefined;
  let shuttingDown = false;
  const stopServices = async () => {
    await mail?.stop().catch((err: unknown) => log.warn(`The local mail catcher did not stop cleanly: ${err instanceof Error ? err.message : String(err)}`));
    await db?.stop();
  };

  try {
    db = await provisionDatabase(env, {
      info: (line) => log.info(line),
      server: (line) => {
        if (/\b(ERROR|FATAL|PANIC)\b/.test(line)) log.warn({ postgres: line });
        else log.debug({ postgres: line });
      },
    });
    log.info(db.embedded ? 'Embedded PostgreSQL is ready' : 'Using the PostgreSQL at DATABASE_URL');

    // No mail server on a laptop: emails go to a local inbox rather than nowhere (docs/product.md#email).
    if (wantsMailCatcher(env)) {
      mail = await startMailCatcher(env);
      env = Object.assign(new Env(), env, { SMTP_URL: mail.smtpUrl });
    }

    const app = await createApp({ env, databaseUrl: db.url, jwtSecret: resolveJwtSecret(env) });
    const applied = await runMigrations(app.get(MikroORM), db.url);
    if (applied.length) log.info({ migrations: applied }, `Applied ${applied.length} migration(s)`);

    const shutdown = async (signal: NodeJS.Signals) => {
      if (shuttingDown) return;
      shuttingDown = true;
      log.info(`${signal} received: shutting down`);
      const force = setTimeout(() => process.exit(1), 30_000);
      force.unref();
      await app.close();
      await stopServices();
      process.exit(0);
    };
    process.once('SIGINT', (s) => void shutdown(s));
    process.once('SIGTERM', (s) => void shutdown(s));

    // Start-up's garbage goes before the first connection (docs/performance.md#memory).
    await releaseStartupMemory();
    await app.listen(env.PORT, env.HOST);
    log.info(`Duty Manager is listening on http://localhost:${env.PORT}`);
    if (mail) {
      log.info(`Emails go to a local inbox, not to the people they name: read them at ${mail.inboxUrl} (set SMTP_URL to send them for real)`);
    } else if (!env.SMTP_URL || env.SMTP_URL === MAIL_OFF) {
      const line = `Email is off (SMTP_URL ${env.SMTP_URL ? 'is off' : 'is unset'}): emails are recorded as simulated and nobody receives them`;
      if (env.NODE_ENV === 'production') log.warn(line);
      else log.info(line);
    }
  } catch (err) {
    log.fatal(err instanceof Error ? err.message : String(err));
    await stopServices().catch(() => undefined);
    process.exit(1);
  }
}

void main();
