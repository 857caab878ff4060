import { randomBytes } from 'node:crypto';
import { MikroORM } from '@mikro-orm/core';
import type { ModuleMetadata } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import { createApp } from '../../src/app.factory';
import { validateEnv } from '../../src/config/env';
import { runMigrations } from '../../src/database/migrate';
import { createTestDatabase } from './test-database';

export interface TestAppOptions {
  /** Extra environment, e.g. `{ APP_NOW: '2025-09-08T09:00' }`. */
  env?: Record<string, string>;
  /** Modules that exist only for a test (e.g. a controller exercising the global pipes). */
  imports?: ModuleMetadata['imports'];
  /** Another app's database, to run a second instance on it (it is not dropped on close). */
  databaseUrl?: string;
}

export interface TestApp {
  app: NestFastifyApplication;
  orm: MikroORM;
  databaseUrl: string;
  /** Resolves an injectable of the app, e.g. `t.get(Clock)`. */
  get: NestFastifyApplication['get'];
  /** supertest bound to the running server: real HTTP requests. */
  http: () => ReturnType<typeof request>;
  close(): Promise<void>;
}

/** The real app, built by the production factory, on a fresh migrated database. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const db = options.databaseUrl
    ? { url: options.databaseUrl, drop: async () => undefined }
    : await createTestDatabase();
  // The reminder cron is off unless a test turns it on: a pass at a minute boundary would
  // otherwise add reminder emails to other tests' outboxes.
  const env = validateEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SERVE_STATIC: 'false', REMINDER_CRON: 'off', ...options.env });
  const app = await createApp({
    env,
    databaseUrl: db.url,
    jwtSecret: env.JWT_SECRET ?? randomBytes(32).toString('hex'),
    imports: options.imports,
  });
  const orm = app.get<MikroORM>(MikroORM);
  await runMigrations(orm, db.url);
  await app.listen(0, '127.0.0.1');
  const server = app.getHttpServer();
  return {
    app,
    orm,
    databaseUrl: db.url,
    get: app.get.bind(app),
    http: () => request(server),
    async close() {
      await app.close();
      await db.drop();
    },
  };
}
