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
type Callback = (error: Error | undefined, result?: unknown) => void;

/** One statement's client-side limit: what its timer needs when it fires, and no more. */
interface Watch {
  readonly connection: Connectable;
  /** The caller's callback (pg-pool's `pool.query`); none when `pg` answers with a promise (kysely's). */
  readonly callback: Callback | undefined;
  timer?: NodeJS.Timeout;
  /** The statement has been answered, or given up on. */
  done: boolean;
  expired: boolean;
}

/**
 * Gives every statement on the pool's connections a limit by scope, on both sides:
 *
 * - the server's `statement_timeout` (set on a connection when it is reserved for a scope whose
 *   limit it doesn't have yet — `onReserve`) cancels a statement that runs too long on a server
 *   that still works, freeing what it holds;
 * - the client's read timeout stops waiting when the server can't answer at all (a frozen server
 *   enforces nothing). The timed-out connection is destroyed: its answer may still come, and the
 *   pool would otherwise hand it on with the old statement in the way (the next statement, a
 *   ROLLBACK included, would wait behind it).
 *
 * The statement ends in an error either way ("Query read timeout" on the client), and the request
 * answers 503 (all-exceptions.filter.ts).
 *
 * The read timeout is this module's timer rather than `pg`'s `query_timeout`: `pg` wraps the
 * statement's callback in a closure over `Client.query`'s whole scope, the statement and its rows
 * included, and with it a quarter of what a large read allocated outlived its request, so the young
 * generation promoted it and the old one collected it in full marks (docs/performance.md#the-collector).
 * The closures here hold the `Watch` alone. A custom query object (a cursor) still gets `pg`'s own.
 */
export function limitStatements(pool: Pool, timeouts: DatabaseTimeouts): void {
  pool.on('connect', (client) => {
    const connection = client as Connectable;
    const query = connection.query as (...a: unknown[]) => unknown;
    connection.query = function (this: Connectable, ...args: unknown[]) {
      const ms = limitMs(timeouts);
      const submittable = typeof (args[0] as { submit?: unknown } | null)?.submit === 'function';
      connection.connectionParameters.query_timeout = submittable ? ms || undefined : undefined;
      if (!ms || submittable) return query.apply(this, args);

      const at = typeof args[1] === 'function' ? 1 : typeof args[2] === 'function' ? 2 : -1;
      const watch: Watch = { connection, callback: at >= 0 ? (args[at] as Callback) : undefined, done: false, expired: false };
      if (at >= 0) args[at] = answered(watch);
      watch.timer = setTimeout(expire, ms, watch);
      const result = query.apply(this, args);
      // Promises are kysely's (the ORM's); callbacks are pg-pool's `pool.query`, which releases the
      // client with the error, and the pool then discards it.
      return result instanceof Promise ? settled(result, watch) : result;
    } as typeof connection.query;
  });
}

/** The callback `pg` calls in place of the caller's: the caller's, once, unless the limit came first. */
function answered(watch: Watch): Callback {
  return (error, result) => {
    if (watch.done) return;
    watch.done = true;
    clearTimeout(watch.timer);
    watch.callback!(error, result);
  };
}

/** `pg`'s promise, with the read timeout's error in place of the closed connection's. */
function settled(result: Promise<unknown>, watch: Watch): Promise<unknown> {
  return result.then(
    (value) => {
      watch.done = true;
      clearTimeout(watch.timer);
      return value;
    },
    (error: unknown) => {
      watch.done = true;
      clearTimeout(watch.timer);
      throw watch.expired ? new Error(READ_TIMEOUT) : error;
    },
  );
}

/** The limit passed without an answer: the caller hears so, and the connection is closed. */
function expire(watch: Watch): void {
  if (watch.done) return;
  watch.expired = true;
  if (watch.callback) {
    watch.done = true;
    watch.callback(new Error(READ_TIMEOUT));
  }
  // A promise's caller hears when `pg` fails the statement on the closed connection (`settled`).
  watch.connection.connection?.stream?.destroy();
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
