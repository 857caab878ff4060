import { AsyncLocalStorage } from 'node:async_hooks';
import type { Pool, PoolClient } from 'pg';

/** How long the app waits for PostgreSQL (docs/operations.md#when-the-database-stalls). */
export interface DatabaseTimeouts {
  /** Waiting for a pooled connection, or for a new one to open. */
  acquireMs: number;
  /** One statement of a request. */
  statementMs: number;
  /** One statement of the long work: bulk tools and staff imports. */
  longStatementMs: number;
}

/** The defaults of DB_POOL_ACQUIRE_TIMEOUT_MS, DB_STATEMENT_TIMEOUT_MS and DB_LONG_STATEMENT_TIMEOUT_MS. */
export const DEFAULT_DATABASE_TIMEOUTS: DatabaseTimeouts = { acquireMs: 3_000, statementMs: 5_000, longStatementMs: 60_000 };

/** Whose statements run: a request's (the default), long work's, or the migrations' (no limit). */
type Scope = 'long' | 'migration';
const scope = new AsyncLocalStorage<Scope>();

/** Runs `work` with the long statement limit: bulk tools and imports, which may take a while on a slow machine. */
export function runLongStatements<T>(work: () => Promise<T>): Promise<T> {
  return scope.run('long', work);
}

/** Runs `work` without a statement limit: migrations (an index on a large table may take minutes). */
export function runMigrationStatements<T>(work: () => Promise<T>): Promise<T> {
  return scope.run('migration', work);
}

function limitMs(timeouts: DatabaseTimeouts): number {
  const current = scope.getStore();
  return current === 'migration' ? 0 : current === 'long' ? timeouts.longStatementMs : timeouts.statementMs;
}

const READ_TIMEOUT = 'Query read timeout';

type Connectable = PoolClient & { connectionParameters: { query_timeout?: number }; connection?: { stream?: { destroy(): void } } };

/**
 * Gives every statement on the pool's connections a limit by scope, on both sides:
 *
 * - the server's `statement_timeout` (set on a connection when it is reserved for a scope whose
 *   limit it doesn't have yet — `onReserve`) cancels a statement that runs too long on a server
 *   that still works, freeing what it holds;
 * - the client's read timeout (`pg`'s `query_timeout`, read on every query) stops waiting when the
 *   server can't answer at all (a frozen server enforces nothing). The timed-out connection is
 *   destroyed: its answer may still come, and the pool would otherwise hand it on with the old
 *   statement in the way (the next statement, a ROLLBACK included, would wait behind it).
 *
 * The statement ends in an error either way, and the request answers 503 (all-exceptions.filter.ts).
 */
export function limitStatements(pool: Pool, timeouts: DatabaseTimeouts): void {
  pool.on('connect', (client) => {
    const connection = client as Connectable;
    const query = connection.query;
    connection.query = function (this: Connectable, ...args: unknown[]) {
      connection.connectionParameters.query_timeout = limitMs(timeouts) || undefined;
      const result = (query as (...a: unknown[]) => unknown).apply(this, args);
      // Promises are kysely's (the ORM's); callbacks are pg-pool's `pool.query`, which already
      // releases the client with the error, and the pool then discards it.
      if (result instanceof Promise) {
        result.catch((error: unknown) => {
          if ((error as Error | undefined)?.message === READ_TIMEOUT) connection.connection?.stream?.destroy();
        });
      }
      return result;
    } as typeof connection.query;
  });
}

/** What kysely hands MikroORM's `onReserveConnection`: it runs statements on the reserved connection. */
interface ReservedConnection {
  executeQuery(query: { sql: string; parameters: readonly unknown[]; queryId: { queryId: string } }): Promise<unknown>;
}

/** MikroORM's `onReserveConnection`: the server-side half of `limitStatements`. */
export function statementTimeoutOnReserve(timeouts: DatabaseTimeouts): (connection: unknown) => Promise<void> {
  const current = new WeakMap<object, number>();
  return async (connection) => {
    const reserved = connection as ReservedConnection;
    const ms = limitMs(timeouts);
    if (current.get(reserved) === ms) return;
    await reserved.executeQuery({ sql: `set statement_timeout = ${Math.trunc(ms)}`, parameters: [], queryId: { queryId: 'statement-timeout' } });
    current.set(reserved, ms);
  };
}
