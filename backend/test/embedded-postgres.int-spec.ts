import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Client } from 'pg';
import { EmbeddedPostgres } from '../src/database/embedded-postgres';
import { freePort, startThrowawayPostgres } from '../src/database/throwaway-postgres';

async function query(url: string, sql: string) {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

describe('the embedded PostgreSQL', () => {
  it('keeps its data across a restart on the same directory', async () => {
    const cluster = await startThrowawayPostgres('app');
    const dataDir = path.join(cluster.root, 'data');
    try {
      await query(cluster.server.url, 'CREATE TABLE kept (v int); INSERT INTO kept VALUES (42)');
      await cluster.server.stop();
      const again = new EmbeddedPostgres({ dataDir, port: await freePort(), database: 'app', ephemeral: true });
      await again.start();
      try {
        expect(await query(again.url, 'SELECT v FROM kept')).toEqual([{ v: 42 }]);
      } finally {
        await again.stop();
      }
    } finally {
      await cluster.stop();
    }
  });

  it('takes over from a server left running by a killed app, without manual clean-up', async () => {
    const cluster = await startThrowawayPostgres('app');
    const dataDir = path.join(cluster.root, 'data');
    const pidFile = path.join(dataDir, 'postmaster.pid');
    const orphanPid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
    // The first owner "dies" without stopping its server, as after SIGKILL.
    const successor = new EmbeddedPostgres({ dataDir, port: await freePort(), database: 'app', ephemeral: true });
    try {
      await successor.start();
      expect(await query(successor.url, 'SELECT 1 AS ok')).toEqual([{ ok: 1 }]);
      const newPid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
      expect(newPid).not.toBe(orphanPid);
      expect(() => process.kill(orphanPid, 0)).toThrow();
    } finally {
      await successor.stop();
      await cluster.stop();
    }
  });

  it('starts over a stale postmaster.pid whose process is gone', async () => {
    const cluster = await startThrowawayPostgres('app');
    const dataDir = path.join(cluster.root, 'data');
    const pidFile = path.join(dataDir, 'postmaster.pid');
    await cluster.server.stop();
    // A pid that certainly belongs to no running process: one that just exited.
    const gone = spawnSync('true').pid;
    fs.writeFileSync(pidFile, `${gone}\n${dataDir}\n0\n0\n\n127.0.0.1\n0 0\nready\n`);
    const next = new EmbeddedPostgres({ dataDir, port: await freePort(), database: 'app', ephemeral: true });
    try {
      await next.start();
      expect(await query(next.url, 'SELECT 1 AS ok')).toEqual([{ ok: 1 }]);
    } finally {
      await next.stop();
      await cluster.stop();
    }
  });

  it('names the variable to change when its port is taken', async () => {
    const cluster = await startThrowawayPostgres('app');
    const port = Number(new URL(cluster.server.url).port);
    const root = fs.mkdtempSync(path.join(cluster.root, 'second-'));
    fs.chmodSync(root, 0o711);
    const clash = new EmbeddedPostgres({ dataDir: path.join(root, 'data'), port, database: 'app', ephemeral: true });
    try {
      await expect(clash.start()).rejects.toThrow(/EMBEDDED_PG_PORT/);
    } finally {
      await clash.stop();
      await cluster.stop();
    }
  });
});
