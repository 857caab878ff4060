import { EventEmitter } from 'node:events';
import type { Pool } from 'pg';
import { limitStatements, runLongStatements, runMigrationStatements, statementTimeoutOnReserve } from './statement-timeouts';

const TIMEOUTS = { acquireMs: 3_000, statementMs: 5_000, longStatementMs: 60_000 };

type Answer = (error: Error | undefined, result?: unknown) => void;

/**
 * A pg client as the pool hands it over: `query` answers with a promise (as kysely calls it) or
 * calls the callback it is given (as pg-pool's `pool.query` does), when the test says so.
 */
function fakeClient() {
  const pending: { resolve(v: unknown): void; reject(e: Error): void; callback?: Answer }[] = [];
  const timeoutsSeen: (number | undefined)[] = [];
  const client = {
    connectionParameters: { query_timeout: undefined as number | undefined },
    connection: { stream: { destroy: jest.fn() } },
    query(...args: unknown[]): unknown {
      timeoutsSeen.push(client.connectionParameters.query_timeout);
      const callback = args.find((a): a is Answer => typeof a === 'function');
      if (typeof (args[0] as { submit?: unknown }).submit === 'function') return args[0];
      if (callback) {
        pending.push({ resolve: (v) => callback(undefined, v), reject: (e) => callback(e), callback });
        return undefined;
      }
      return new Promise((resolve, reject) => pending.push({ resolve, reject }));
    },
  };
  return { client, pending, timeoutsSeen };
}

function pooledClient() {
  const pool = new EventEmitter();
  limitStatements(pool as unknown as Pool, TIMEOUTS);
  const fake = fakeClient();
  pool.emit('connect', fake.client);
  return fake;
}

describe('limitStatements', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it("stops waiting for a statement at its scope's limit — a request's, long work's, none for migrations — and closes the connection", async () => {
    const request = pooledClient();
    const asked = request.client.query('select 1') as Promise<unknown>;
    const outcome = asked.then(
      () => 'answered',
      (e: Error) => e.message,
    );
    jest.advanceTimersByTime(4_999);
    expect(request.client.connection.stream.destroy).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(request.client.connection.stream.destroy).toHaveBeenCalledTimes(1);
    // pg fails the statement when its connection closes; the caller hears why it was closed.
    request.pending[0].reject(new Error('Connection terminated unexpectedly'));
    await expect(outcome).resolves.toBe('Query read timeout');

    const long = pooledClient();
    void runLongStatements(async () => long.client.query('select 1'));
    jest.advanceTimersByTime(59_999);
    expect(long.client.connection.stream.destroy).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(long.client.connection.stream.destroy).toHaveBeenCalledTimes(1);

    const migration = pooledClient();
    void runMigrationStatements(async () => migration.client.query('create index …'));
    jest.advanceTimersByTime(3_600_000);
    expect(migration.client.connection.stream.destroy).not.toHaveBeenCalled();
    // None of them used pg's own read timeout.
    expect([...request.timeoutsSeen, ...long.timeoutsSeen, ...migration.timeoutsSeen]).toEqual([undefined, undefined, undefined]);
  });

  it('leaves a statement answered in time, or failed by the server, and its connection alone', async () => {
    const { client, pending } = pooledClient();
    const answered = client.query('select 1') as Promise<unknown>;
    pending[0].resolve({ rows: [{ one: 1 }] });
    await expect(answered).resolves.toEqual({ rows: [{ one: 1 }] });
    const failed = client.query('insert …') as Promise<unknown>;
    pending[1].reject(new Error('duplicate key value violates unique constraint'));
    await expect(failed).rejects.toThrow('duplicate key');
    jest.advanceTimersByTime(60_000);
    expect(client.connection.stream.destroy).not.toHaveBeenCalled();
  });

  it("answers pool.query's callback once: with the timeout when the limit comes first, and not again when the late answer comes", () => {
    const { client, pending } = pooledClient();
    const calls: unknown[][] = [];
    client.query({ name: 'n', text: 'select 1', values: [] }, undefined, (...a: unknown[]) => calls.push(a));
    jest.advanceTimersByTime(5_000);
    expect(calls).toHaveLength(1);
    expect((calls[0][0] as Error).message).toBe('Query read timeout');
    expect(client.connection.stream.destroy).toHaveBeenCalledTimes(1);
    pending[0].reject(new Error('Connection terminated unexpectedly'));
    expect(calls).toHaveLength(1);

    client.query('select 2', [], (...a: unknown[]) => calls.push(a));
    pending[1].resolve({ rows: [] });
    jest.advanceTimersByTime(5_000);
    expect(calls[1]).toEqual([undefined, { rows: [] }]);
    expect(client.connection.stream.destroy).toHaveBeenCalledTimes(1);
  });

  it("leaves a custom query object (a cursor) to pg's own read timeout", () => {
    const { client, timeoutsSeen } = pooledClient();
    client.query({ submit() {} });
    void runLongStatements(async () => client.query({ submit() {} }));
    expect(timeoutsSeen).toEqual([5_000, 60_000]);
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
