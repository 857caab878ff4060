#!/usr/bin/env node
// Starts the built app for the end-to-end tests on its own port with a brand-new embedded
// PostgreSQL and a real SMTP server to receive its emails, and removes that database when
// Playwright stops the server. Received emails are listed as JSON at
// http://127.0.0.1:<E2E_MAILBOX_PORT>/messages for the tests to read. An OpenID Provider
// (oidc-provider, with its own login page) stands in for Google at http://127.0.0.1:<E2E_OIDC_PORT>
// (see startIdentityProvider). The ports come from the Playwright config (e2e/support/ports.ts),
// which asks the OS for free ones.
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as os from 'node:os';
import * as path from 'node:path';
import { generateKeyPairSync } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { simpleParser } from 'mailparser';
import Provider from 'oidc-provider';
import { SMTPServer } from 'smtp-server';

const here = path.dirname(fileURLToPath(import.meta.url));
const main = path.resolve(here, '..', '..', '..', 'backend', 'dist', 'main.js');
if (!fs.existsSync(main)) {
  console.error(`${main} is missing: run \`npm run build\` first`);
  process.exit(1);
}

const [port, smtpPort, mailboxPort, pgPort, oidcPort] = [
  'E2E_PORT',
  'E2E_SMTP_PORT',
  'E2E_MAILBOX_PORT',
  'E2E_PG_PORT',
  'E2E_OIDC_PORT',
].map((name) => {
  const value = Number(process.env[name]);
  if (!Number.isInteger(value) || value <= 0) {
    console.error(
      `${name} is not set: start the end-to-end server through Playwright (npm run test:e2e)`,
    );
    process.exit(1);
  }
  return value;
});

const messages = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, _session, callback) {
    simpleParser(stream)
      .then((mail) => {
        const to = (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((a) =>
          a.value.map((v) => v.address ?? ''),
        );
        messages.push({
          to,
          subject: mail.subject ?? '',
          text: mail.text ?? '',
          receivedAt: new Date().toISOString(),
        });
        callback();
      })
      .catch(callback);
  },
});
smtp.listen(smtpPort, '127.0.0.1');

const mailbox = http.createServer((req, res) => {
  if (req.url === '/messages') {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(messages));
    return;
  }
  // The embedded database's address, for a spec that starts a second instance of the app on it
  // with a later clock (e2e/organization-deletion.spec.ts: the purge's start-up catch-up).
  if (req.url === '/database') {
    const password = fs.readFileSync(`${path.join(root, 'postgres')}.password`, 'utf8').trim();
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(
      JSON.stringify({
        url: `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${pgPort}/duty_manager`,
      }),
    );
    return;
  }
  res.writeHead(404).end();
});
mailbox.listen(mailboxPort, '127.0.0.1');

/**
 * An OpenID Provider like Google, for "Sign in with Google": the app's OIDC_GOOGLE_ISSUER points
 * here. Its login page is oidc-provider's own (any login, any password); the login typed is the
 * account: its email, verified, and its Workspace domain (`hd`) is the part after the @. The app
 * is registered with it as E2E_OIDC_CLIENT (e2e/sso.spec.ts configures the same in the Admin
 * Panel), consent already given, as for a school's own Workspace app.
 */
const oidcIssuer = `http://127.0.0.1:${oidcPort}`;
function startIdentityProvider() {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const provider = new Provider(oidcIssuer, {
    clients: [
      {
        client_id: 'duty-manager-e2e',
        client_secret: 'e2e-client-secret',
        redirect_uris: [`http://127.0.0.1:${port}/api/auth/sso/callback`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: {
      keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'e2e', use: 'sig', alg: 'RS256' }],
    },
    cookies: { keys: ['e2e-cookie-key'] },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 600,
      IdToken: 600,
      Interaction: 600,
      Session: 600,
    },
    claims: { openid: ['sub', 'hd'], email: ['email', 'email_verified'], profile: ['name'] },
    // Like Google: the requested claims are in the ID token itself.
    conformIdTokenClaims: false,
    loadExistingGrant: async (ctx) => {
      const grantId =
        ctx.oidc.result?.consent?.grantId ?? ctx.oidc.session.grantIdFor(ctx.oidc.client.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client.clientId,
        accountId: ctx.oidc.session.accountId,
      });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    findAccount: (_ctx, id) => ({
      accountId: id,
      claims: () => ({
        sub: id,
        email: id,
        email_verified: true,
        hd: id.split('@')[1],
        name: id.split('@')[0],
      }),
    }),
  });
  return http.createServer(provider.callback()).listen(oidcPort, '127.0.0.1');
}
const identityProvider = startIdentityProvider();

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'duty-manager-e2e-'));
// mkdtemp makes the directory private; PostgreSQL (as root: the postgres user) must enter it.
fs.chmodSync(root, 0o711);

const app = spawn(process.execPath, [main], {
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: '',
    EMBEDDED_PG_DIR: path.join(root, 'postgres'),
    EMBEDDED_PG_PORT: String(pgPort),
    APP_NOW: process.env.APP_NOW ?? '2025-09-08T09:00',
    APP_URL: `http://127.0.0.1:${port}`,
    // Organisation addresses (docs/operations.md, "Organisation subdomains"): Chromium resolves
    // *.localhost to this machine, so <subdomain>.localhost:<port> is a school's own address and
    // localhost:<port> the bare domain. The specs' base URL, 127.0.0.1, is outside that domain
    // and served as a single-host install, as before.
    APP_BASE_DOMAIN: 'localhost',
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    JWT_SECRET: 'end-to-end-tests-only-secret-0123456789',
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    OIDC_GOOGLE_ISSUER: oidcIssuer,
    // As behind a school's reverse proxy: X-Forwarded-For from this machine names the client.
    // The suite signs up more schools than one network may in an hour (50), so registerSchool
    // (e2e/support/school.ts) signs each up from an address of its own; a browser's requests
    // carry no such header and stay 127.0.0.1.
    TRUST_PROXY: 'loopback',
  },
});

const cleanUp = () => {
  fs.rmSync(root, { recursive: true, force: true });
  smtp.close();
  mailbox.close();
  identityProvider.close();
};
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => app.kill(signal));
}
app.on('exit', (code, signal) => {
  cleanUp();
  process.exit(code ?? (signal ? 0 : 1));
});
