import type { EntityManager } from '@mikro-orm/postgresql';
import { requestManagerUnused } from './request-entity-manager';

/**
 * A hot read's statement as `preparedRead` sends it: its name (one per text) and its text with the
 * ORM's `?` placeholders numbered `$1`… once, when the module loads.
 */
export interface PreparedStatement {
  readonly name: string;
  /** With `$n` placeholders, as prepared. */
  readonly text: string;
  /** As written, with the ORM's `?` placeholders: what runs inside a transaction. */
  readonly sql: string;
}

/**
 * Names `sql`, written with the ORM's `?` placeholders (as `em.execute` takes it), as a prepared
 * statement. The statements given here have no `?` inside a string literal or a jsonb operator:
 * each `?` is a parameter, in order.
 */
export function preparedStatement(name: string, sql: string): PreparedStatement {
  let n = 0;
  return { name, text: sql.replace(/\?/g, () => `$${++n}`), sql };
}

/**
 * Runs a hot read as a named prepared statement on the ORM's `pg` pool, so PostgreSQL plans it
 * once per connection instead of on every call, and the request skips the ORM's statement path
 * (writing the values into the text, its query builder's pipeline, its logging checks). The ORM
 * sends its statements with the values written in, and PostgreSQL plans each one anew: for the
 * calendar feeds' token lookup that was 0.2 ms of planning for 0.05 ms of execution, on every
 * revalidation of every subscribed calendar; the session statement every authenticated request
 * runs and the largest reads of the rota, dashboard and staff list go this way too
 * (docs/performance.md#api-at-scale).
 *
 * The statement passes the ORM's `onQuery` hook like every other (the tests count statements
 * there) and the pool's client read timeout (statement-timeouts.ts). Inside a transaction it runs
 * as any other statement of the transaction, through the ORM on the transaction's connection, so it
 * sees what the transaction wrote; outside one, on a pooled connection of its own.
 */
export async function preparedRead<T>(em: EntityManager, statement: PreparedStatement, values: unknown[]): Promise<T[]> {
  // A request that hasn't used its EntityManager holds no transaction: asking the manager would fork it.
  if (!requestManagerUnused(em) && em.isInTransaction()) return em.getContext().execute<T[]>(statement.sql, values);
  const text = em.config.get('onQuery')(statement.text, values);
  const result = await (livePool(em) ?? (await nativePool(em))).query({ name: statement.name, text, values });
  return result.rows as T[];
}

type Pool = Awaited<ReturnType<ReturnType<EntityManager['getConnection']>['getNativeClient']>>;

/**
 * The ORM's `pg` pool of each connection, once asked for: `getNativeClient()` awaits the ORM's
 * lazy-connect check and then answers the same pool every time, two async calls per prepared read
 * (two a signed-in request) for nothing. A pool that has been ended (the ORM closed; a reconnect
 * makes a new one) is asked for again.
 */
const pools = new WeakMap<object, Pool>();

function livePool(em: EntityManager): Pool | undefined {
  const pool = pools.get(em.getConnection());
  return pool && !pool.ending && !pool.ended ? pool : undefined;
}

async function nativePool(em: EntityManager): Promise<Pool> {
  const connection = em.getConnection();
  const pool = await connection.getNativeClient();
  pools.set(connection, pool);
  return pool;
}
