import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { EmbeddedPostgres } from './embedded-postgres';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface ThrowawayPostgres {
  server: EmbeddedPostgres;
  /** The temporary directory holding the cluster. */
  root: string;
  /** Stops the server and deletes its data. */
  stop(): Promise<void>;
}

/** A PostgreSQL cluster in a fresh temporary directory on a free port, for tests and tools. */
export async function startThrowawayPostgres(database = 'postgres'): Promise<ThrowawayPostgres> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'duty-manager-pg-'));
  // mkdtemp makes the directory private; the server's user (as root: postgres) must enter it.
  fs.chmodSync(root, 0o711);
  const server = new EmbeddedPostgres({
    dataDir: path.join(root, 'data'),
    port: await freePort(),
    database,
    ephemeral: true,
  });
  const stop = async () => {
    await server.stop();
    fs.rmSync(root, { recursive: true, force: true });
  };
  try {
    await server.start();
  } catch (err) {
    await stop();
    throw err;
  }
  return { server, root, stop };
}
