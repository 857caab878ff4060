import { execFileSync } from 'node:child_process';

/**
 * The ports the end-to-end run uses, chosen once by the Playwright runner when it loads the
 * config and handed to its workers and to the server (e2e/support/serve.mjs) through the
 * environment, so no test depends on a fixed port being free. The OS picks each one: a child
 * process binds port 0 for all of them at once (so they differ) and prints what it got.
 * The config is synchronous, hence the child process.
 */
const NAMES = [
  'E2E_PORT',
  'E2E_SMTP_PORT',
  'E2E_MAILBOX_PORT',
  'E2E_PG_PORT',
  'E2E_OIDC_PORT',
] as const;
type PortName = (typeof NAMES)[number];

const PICK_PORTS = `
const net = require('node:net');
const servers = Array.from({ length: ${NAMES.length} }, () => net.createServer());
Promise.all(servers.map((s) => new Promise((ok, fail) => { s.once('error', fail); s.listen(0, '127.0.0.1', ok); })))
  .then(() => {
    process.stdout.write(JSON.stringify(servers.map((s) => s.address().port)));
    servers.forEach((s) => s.close());
  });
`;

export function e2ePorts(): Record<PortName, number> {
  if (NAMES.some((name) => !process.env[name])) {
    const ports = JSON.parse(
      execFileSync(process.execPath, ['-e', PICK_PORTS], { encoding: 'utf8' }),
    ) as number[];
    NAMES.forEach((name, i) => {
      process.env[name] ??= String(ports[i]);
    });
  }
  return Object.fromEntries(NAMES.map((name) => [name, Number(process.env[name])])) as Record<
    PortName,
    number
  >;
}
