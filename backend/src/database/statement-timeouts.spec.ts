import { EventEmitter } from 'node:events';
import type { Pool } from 'pg';
import { limitStatements, runLongStatements, runMigrationStatements, statementTimeoutOnReserve } from './statement-timeouts';

const TIMEOUTS = { acquireMs: 3_000, statementMs: 5_000, longStatementMs: 60_000 };

/** A pg client as the pool hands it over: its read timeout is read on every query. */
function fakeClient(outcome: () => Promise<unknown>) {
  const seen: (number | undefined)[] = [];
  const client = {
    connectionParameters: { query_timeout: undefined as number | undefined },
    connection: { stream: { destroy: jest.fn() } },
    query(): Promise<unknown> {
      seen.push(client.connectionParameters.query_timeout);
      return outcome();
    },
  };
  return { client, seen };
}

function pooledClient(outcome: () => Promise<unknown> = () => Promise.resolve({ rows: [] })) {
  const pool = new EventEmitter();
  limitStatements(pool as unknown as Pool, TIMEOUTS);
  const fake = fakeClient(outcome);
  pool.emit('connect', fake.client);
  return fake;
}

describe('limitStatements', () => {
  it("gives each statement the client-side limit of its scope: a request's, long work's, none for migrations", async () => {
    const { client, seen } = pooledClient();
    await client.query();
    await runLongStatements(() => client.query());
    await runMigrationStatements(() => client.query());
    await client.query();
    expect(seen).toEqual([5_000, 60_000, undefined, 5_000]);
  });

  it('destroys the connection of a statement that timed out on the client, and only then', async () => {
    const timedOut = pooledClient(() => Promise.reject(new Error('Query read timeout')));
    await expect(timedOut.client.query()).rejects.toThrow('Query read timeout');
    await new Promise((r) => setImmediate(r));
    expect(timedOut.client.connection.stream.destroy).toHaveBeenCalledTimes(1);

    const failed = pooledClient(() => Promise.reject(new Error('duplicate key value violates unique constraint')));
    await expect(failed.client.query()).rejects.toThrow('duplicate key');
    await new Promise((r) => setImmediate(r));
    expect(failed.client.connection.stream.destroy).not.toHaveBeenCalled();
  });
});

describe('statementTimeoutOnReserve', () => {
  it("sets the server's statement_timeout when a connection is reserved for a scope whose limit it doesn't have yet", async () => {
    const onReserve = statementTimeoutOnReserve(TIMEOUTS);
    const sql: string[] = [];
    const connection = { executeQuery: async (q: { sql: string }) => void sql.push(q.sql) };
    await onReserve(connection);
    await onReserve(connection);
    await runLongStatements(() => onReserve(connection));
    await runLongStatements(() => onReserve(connection));
    await runMigrationStatements(() => onReserve(connection));
    await onReserve(connection);
    expect(sql).toEqual(['set statement_timeout = 5000', 'set statement_timeout = 60000', 'set statement_timeout = 0', 'set statement_timeout = 5000']);
  });
});
