import * as net from 'node:net';

export interface FreezableProxy {
  /** The proxy's port on 127.0.0.1. */
  port: number;
  /** `url` with its host and port replaced by the proxy's. */
  urlThrough(url: string): string;
  /**
   * Stops forwarding in both directions, as a PostgreSQL that hangs (a stuck disk, a paused VM)
   * does: connections stay open, new ones are accepted, nothing answers.
   */
  freeze(): void;
  /** Forwards again, what was held back first. */
  thaw(): void;
  close(): Promise<void>;
}

/**
 * A TCP proxy in front of a database that can be frozen, for tests and benches: freezing the
 * shared test cluster itself (SIGSTOP) would stall every other test file using it.
 */
export async function startFreezableProxy(targetPort: number, targetHost = '127.0.0.1'): Promise<FreezableProxy> {
  let frozen = false;
  const held: (() => void)[] = [];
  const sockets = new Set<net.Socket>();
  const forward = (from: net.Socket, to: net.Socket) => {
    from.on('data', (chunk) => {
      if (frozen) held.push(() => to.write(chunk));
      else to.write(chunk);
    });
    from.on('close', () => to.destroy());
    from.on('error', () => to.destroy());
  };
  const server = net.createServer((client) => {
    const upstream = net.connect(targetPort, targetHost);
    sockets.add(client).add(upstream);
    client.on('close', () => sockets.delete(client));
    upstream.on('close', () => sockets.delete(upstream));
    forward(client, upstream);
    forward(upstream, client);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    urlThrough(url) {
      const u = new URL(url);
      u.hostname = '127.0.0.1';
      u.port = String(port);
      return u.toString();
    },
    freeze() {
      frozen = true;
    },
    thaw() {
      frozen = false;
      for (const send of held.splice(0)) send();
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
