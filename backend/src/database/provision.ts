import { Env } from '../config/env';
import { EmbeddedPostgres } from './embedded-postgres';

export interface ProvisionedDatabase {
  url: string;
  embedded: boolean;
  stop(): Promise<void>;
}

/**
 * DATABASE_URL when it is set; otherwise the embedded PostgreSQL, whose data lives under
 * `.data/` in the repository and survives restarts.
 */
export async function provisionDatabase(
  env: Env,
  log: { info: (line: string) => void; server: (line: string) => void },
): Promise<ProvisionedDatabase> {
  if (env.DATABASE_URL) {
    return { url: env.DATABASE_URL, embedded: false, stop: async () => undefined };
  }
  const server = new EmbeddedPostgres({
    dataDir: env.EMBEDDED_PG_DIR,
    port: env.EMBEDDED_PG_PORT,
    database: 'duty_manager',
    log: log.info,
    serverLog: log.server,
  });
  try {
    const url = await server.start();
    return { url, embedded: true, stop: () => server.stop() };
  } catch (err) {
    await server.stop();
    throw err;
  }
}
