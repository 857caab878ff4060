import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { EmbeddedPostgres } from '../../src/database/embedded-postgres';
import { freePort } from './free-port';

/** A throw-away PostgreSQL cluster in a temporary directory. */
export async function startTestCluster(database = 'postgres') {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'duty-manager-test-pg-'));
  // mkdtemp makes the directory private; the server's user (as root: postgres) must enter it.
  fs.chmodSync(root, 0o711);
  const server = new EmbeddedPostgres({
    dataDir: path.join(root, 'data'),
    port: await freePort(),
    database,
    ephemeral: true,
  });
  await server.start();
  return {
    server,
    root,
    async stop() {
      await server.stop();
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}
