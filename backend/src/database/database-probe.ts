import { MikroORM } from '@mikro-orm/core';
import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { Pool } from 'pg';

/** The health check's answer comes within this, whatever the database does. */
export const HEALTH_CHECK_TIMEOUT_MS = 800;

/**
 * Asks PostgreSQL `select 1` on a connection of its own, with a deadline. Its own, so a pool busy
 * with requests (or full of statements waiting on a stalled server) neither delays the answer
 * nor makes a working database look down; with a deadline, so a frozen server is reported down
 * within a second instead of holding the check (docs/operations.md#when-the-database-stalls).
 * Beside the ORM's plumbing rather than in the health module: it opens a connection of its own
 * from the ORM's configuration, which only database/ does.
 */
@Injectable()
export class DatabaseProbe implements OnModuleDestroy {
  private readonly pool: Pool;

  constructor(orm: MikroORM) {
    this.pool = new Pool({
      connectionString: orm.config.get('clientUrl'),
      max: 1,
      connectionTimeoutMillis: HEALTH_CHECK_TIMEOUT_MS,
      query_timeout: HEALTH_CHECK_TIMEOUT_MS,
      allowExitOnIdle: true,
    });
    // A dropped idle connection is reported by the next check; unheard, it would end the process.
    this.pool.on('error', () => undefined);
  }

  async check(): Promise<{ ok: true } | { ok: false; reason: string }> {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`The database did not answer within ${HEALTH_CHECK_TIMEOUT_MS} ms`)), HEALTH_CHECK_TIMEOUT_MS);
    });
    const query = this.pool.query('select 1');
    // The query may settle after the deadline; its error then has nobody to go to.
    query.catch(() => undefined);
    try {
      await Promise.race([query, deadline]);
      return { ok: true };
    } catch (error) {
      return { ok: false, reason: (error as Error).message || String(error) };
    } finally {
      clearTimeout(timer);
    }
  }

  async onModuleDestroy(): Promise<void> {
    await this.pool.end();
  }
}
