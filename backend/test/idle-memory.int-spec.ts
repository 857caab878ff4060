import * as fs from 'node:fs';
import * as path from 'node:path';
import { freePort } from '../src/database/throwaway-postgres';
import { killApp, listening, startApp, type AppProcess } from './support/app-process';
import { createTestDatabase } from './support/test-database';

/** node's flags in backend/package.json's `start:prod`, the way production starts the app. */
function productionNodeArgs(): string[] {
  const pkg = JSON.parse(fs.readFileSync(path.resolve(__dirname, '..', 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  return pkg.scripts['start:prod']!.split(/\s+/).filter((word) => word.startsWith('--'));
}

/**
 * The app started as in production gives the memory a burst of requests made it hold back to the
 * system once the burst is over (common/memory/idle-memory-release.ts): a real process, real
 * requests, V8's own collector.
 */
describe('memory after a burst of requests', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let app: AppProcess | undefined;

  beforeAll(async () => {
    db = await createTestDatabase();
  });

  afterAll(async () => {
    await killApp(app);
    await db?.drop();
  });

  it('is released in the first quiet seconds after the load, with the production flags', async () => {
    expect(productionNodeArgs()).toContain('--expose-gc');
    const port = await freePort();
    app = startApp({ DATABASE_URL: db.url, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'debug', REMINDER_CRON: 'off' }, productionNodeArgs());
    await listening(app);

    // Load: 20 connections asking for /api/health (a database round trip each) for five seconds,
    // long enough for two of the two-second windows the release samples to be busy, and for at
    // least 100 answers: on a busy machine the load goes on until it has made them, rather than the
    // test asking a number of answers of a fixed time.
    const until = Date.now() + 5_000;
    let answered = 0;
    await Promise.all(
      Array.from({ length: 20 }, async () => {
        while (Date.now() < until || answered < 100) {
          const res = await fetch(`http://127.0.0.1:${port}/api/health`);
          expect(res.status).toBe(200);
          await res.arrayBuffer();
          answered += 1;
        }
      }),
    );

    // Then quiet: the release runs in the next window and says what it gave back.
    const released = await new Promise<string>((resolve, reject) => {
      const check = () => {
        const line = app!.output().match(/Released memory after load: RSS (\d+) → (\d+) MiB/);
        if (line) {
          app!.child.stdout?.off('data', check);
          resolve(line[0]);
        }
      };
      app!.child.stdout?.on('data', check);
      check();
      void app!.exited.then((code) => reject(new Error(`app exited (${code}):\n${app!.output()}`)));
    });
    const [, before, after] = released.match(/RSS (\d+) → (\d+)/)!.map(Number);
    expect(after).toBeLessThanOrEqual(before!);
  }, 90_000);
});
