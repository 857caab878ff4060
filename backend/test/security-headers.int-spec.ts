import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Response } from 'supertest';
import { corsOrigins, validateEnv } from '../src/config/env';
import { bearer, registerOrganization } from './support/accounts';
import { createTestApp, type TestApp } from './support/test-app';

/** The policy docs/security.md describes, directive by directive. */
const EXPECTED_CSP: Record<string, string[]> = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

function parseCsp(header: string | undefined): Record<string, string[]> {
  expect(header).toBeDefined();
  return Object.fromEntries(
    header!
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name!, values]),
  );
}

/** Helmet's other defaults, which the app keeps. */
function expectHelmetBasics(res: Response): void {
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  expect(res.headers['referrer-policy']).toBe('no-referrer');
  expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
  expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
  expect(res.headers['x-dns-prefetch-control']).toBe('off');
  expect(res.headers['x-powered-by']).toBeUndefined();
}

/** Headers and CSP of a response to a plain-http request. */
function expectPlainHttpHeaders(res: Response): void {
  expectHelmetBasics(res);
  expect(parseCsp(res.headers['content-security-policy'])).toEqual(EXPECTED_CSP);
  expect(res.headers['strict-transport-security']).toBeUndefined();
}

const INDEX_HTML = '<!doctype html><html><head><title>Duty Manager test shell</title></head><body><div id="root"></div></body></html>';

describe('security headers, HSTS, CORS and cookies', () => {
  let staticDir: string;
  /** Defaults (TRUST_PROXY false, no CORS_ORIGINS), serving a stand-in SPA build. */
  let t: TestApp;
  /** Behind a trusted TLS-terminating proxy, with one origin allowed by CORS. */
  let proxied: TestApp;

  beforeAll(async () => {
    staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'duty-manager-static-'));
    fs.writeFileSync(path.join(staticDir, 'index.html'), INDEX_HTML);
    fs.mkdirSync(path.join(staticDir, 'assets'));
    fs.writeFileSync(path.join(staticDir, 'assets', 'index-abc123.js'), 'console.log("app");\n');
    // Passport keeps one 'jwt' strategy per process, so the second app's verifies both apps'
    // tokens: the two share the signing secret and the database for that to stay correct.
    const JWT_SECRET = randomBytes(32).toString('hex');
    t = await createTestApp({ env: { JWT_SECRET, SERVE_STATIC: 'true', STATIC_DIR: staticDir } });
    proxied = await createTestApp({
      databaseUrl: t.databaseUrl,
      env: { JWT_SECRET, TRUST_PROXY: 'true', CORS_ORIGINS: 'https://intranet.example.sch.uk, http://localhost:5173/' },
    });
  });

  afterAll(async () => {
    await proxied?.close();
    await t?.close();
    fs.rmSync(staticDir, { recursive: true, force: true });
  });

  describe('headers', () => {
    it('puts the CSP and helmet headers on API JSON, and no HSTS on plain http', async () => {
      const res = await t.http().get('/api/plan').expect(200);
      expectPlainHttpHeaders(res);
      expect(res.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    });

    it('puts them on error responses too', async () => {
      const res = await t.http().get('/api/staff').expect(401);
      expectPlainHttpHeaders(res);
    });

    it('puts them on the SPA shell, at / and on a deep link, and on its assets', async () => {
      for (const url of ['/', '/rota', '/staff/42']) {
        const res = await t.http().get(url).expect(200);
        expect({ url, type: res.headers['content-type'] }).toEqual({ url, type: expect.stringMatching(/^text\/html/) });
        expect(res.text).toContain('Duty Manager test shell');
        expectPlainHttpHeaders(res);
      }
      const asset = await t.http().get('/assets/index-abc123.js').expect(200);
      expectPlainHttpHeaders(asset);
    });

    it('answers a missing asset or file-like path with a JSON 404, and only navigation paths with the SPA shell', async () => {
      for (const url of ['/assets/does-not-exist.js', '/assets/index-abc124.css', '/assets/', '/assets', '/favicon.ico', '/robots.txt', '/staff/photo.png', '/.env']) {
        const res = await t.http().get(url);
        expect({ url, status: res.status, type: res.headers['content-type'] }).toEqual({ url, status: 404, type: expect.stringMatching(/^application\/json/) });
        expect(res.text).not.toContain('Duty Manager test shell');
        expect(res.headers['cache-control'] ?? '').not.toContain('immutable');
      }
      for (const url of ['/', '/rota', '/staff/42', '/verify-email?token=abc.def', '/reset-password?token=x.y&invite=1']) {
        const res = await t.http().get(url);
        expect({ url, status: res.status }).toEqual({ url, status: 200 });
        expect(res.text).toContain('Duty Manager test shell');
      }
      await t.http().get('/assets/index-abc123.js').expect(200);
      // The API keeps its own JSON 404 for unknown routes.
      const api = await t.http().get('/api/nothing-here.js').expect(404);
      expect(api.headers['content-type']).toMatch(/^application\/json/);
    });

    it('puts them on Swagger UI and its script', async () => {
      const page = await t.http().get('/api/docs/').expect(200);
      expect(page.text).toContain('swagger-ui');
      expectPlainHttpHeaders(page);
      // Swagger UI's page runs only external scripts, which script-src 'self' allows.
      expect(page.text).not.toMatch(/<script>(?!\s*<\/script>)/);
      const init = await t.http().get('/api/docs/swagger-ui-init.js').expect(200);
      expectPlainHttpHeaders(init);
    });

    it('ignores X-Forwarded-Proto from an untrusted client: no HSTS when TRUST_PROXY is off', async () => {
      const res = await t.http().get('/api/plan').set('X-Forwarded-Proto', 'https').expect(200);
      expect(res.headers['strict-transport-security']).toBeUndefined();
      expect(res.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    });

    it('sends HSTS (and upgrade-insecure-requests) when a trusted proxy says the request came over TLS', async () => {
      const res = await proxied.http().get('/api/plan').set('X-Forwarded-Proto', 'https').expect(200);
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(parseCsp(res.headers['content-security-policy'])).toEqual({ ...EXPECTED_CSP, 'upgrade-insecure-requests': [] });
      expectHelmetBasics(res);
    });

    it('sends no HSTS behind the trusted proxy when the request came over plain http', async () => {
      for (const proto of [undefined, 'http']) {
        const req = proxied.http().get('/api/plan');
        const res = await (proto ? req.set('X-Forwarded-Proto', proto) : req).expect(200);
        expect({ proto, hsts: res.headers['strict-transport-security'] }).toEqual({ proto, hsts: undefined });
        expect(parseCsp(res.headers['content-security-policy'])).toEqual(EXPECTED_CSP);
      }
    });
  });

  describe('caching', () => {
    const FEED = /^\/api\/calendar\/subscribe\//;
    const cacheControl = (res: Response) => res.headers['cache-control'];

    it('answers every API operation with Cache-Control: no-store, signed in or not, whatever the status, except the calendar feeds', async () => {
      const admin = await registerOrganization(t);
      const spec = (await t.http().get('/api/openapi.json').expect(200)).body as { paths: Record<string, Record<string, unknown>> };
      const operations = Object.entries(spec.paths).flatMap(([path, item]) =>
        Object.keys(item)
          .filter((method) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
          .map((method) => ({ method: method as 'get' | 'post' | 'put' | 'patch' | 'delete', path })),
      );
      // Signing out ends the admin's session: last, so the other operations answer as signed in.
      operations.sort((a, b) => Number(a.path === '/api/auth/logout') - Number(b.path === '/api/auth/logout'));
      expect(operations.length).toBeGreaterThan(60);
      const seen: { what: string; status: number; cacheControl: string | undefined }[] = [];
      // Anonymous first, then as the admin: ids that exist nowhere, no body. Whatever each answers
      // (401, 400, 404, a 200 for the reads without ids, a redirect for the sign-in routes).
      for (const who of ['anonymous', 'admin'] as const) {
        for (const { method, path } of operations) {
          if (FEED.test(path)) continue;
          const url = path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-00000000cafe');
          const req = t.http()[method](url);
          const res = await (who === 'admin' ? req.set(...bearer(admin.token)) : req);
          seen.push({ what: `${who} ${method.toUpperCase()} ${path}`, status: res.status, cacheControl: cacheControl(res) });
        }
      }
      expect(new Set(seen.map((s) => Math.floor(s.status / 100)))).toEqual(new Set([2, 3, 4]));
      expect(seen.filter((s) => s.cacheControl !== 'no-store')).toEqual([]);
    });

    it('answers the credentials and personal data with no-store: sign-up, sign-in, a feed link, the signed-in reads, downloads and errors', async () => {
      const suffix = randomBytes(4).toString('hex');
      const account = { email: `cache-${suffix}@example.com`, password: 'correct horse', subdomain: `cache-${suffix}` };
      const answers: [string, Response][] = [];
      const check = (what: string, res: Response) => {
        answers.push([what, res]);
        return res;
      };
      check(
        'register',
        await t
          .http()
          .post('/api/auth/register')
          .send({ name: 'Cache Admin', email: account.email, password: account.password, organizationName: `Cache School ${suffix}`, organizationSubdomain: account.subdomain })
          .expect(201),
      );
      const login = check('login', await t.http().post('/api/auth/login').send({ email: account.email, password: account.password, organizationSubdomain: account.subdomain }).expect(200));
      expect(login.body.token).toEqual(expect.any(String));
      const auth = bearer(login.body.token as string);
      check('wrong password', await t.http().post('/api/auth/login').send({ email: account.email, password: 'wrong horse', organizationSubdomain: account.subdomain }).expect(401));
      check('handoff code that is not one', await t.http().post('/api/auth/handoff').send({ code: 'x'.repeat(43) }));
      check('current user', await t.http().get('/api/auth/user').set(...auth).expect(200));
      const person = check('create staff', await t.http().post('/api/staff').set(...auth).send({ name: 'Cache Person', email: `person-${suffix}@example.com` }).expect(201));
      check('staff list', await t.http().get('/api/staff').set(...auth).expect(200));
      check('staff member not found', await t.http().put('/api/staff/00000000-0000-4000-8000-00000000cafe').set(...auth).send({ name: 'X' }).expect(404));
      check('invalid body', await t.http().post('/api/staff').set(...auth).send({ name: '' }).expect(400));
      check('malformed JSON', await t.http().post('/api/staff').set(...auth).set('Content-Type', 'application/json').send('{"name":').expect(400));
      check('too large', await t.http().post('/api/staff').set(...auth).set('Content-Type', 'application/json').send(JSON.stringify({ name: 'x'.repeat(1100 * 1024) })).expect(413));
      check('unknown API route', await t.http().get('/api/nothing-here').set(...auth).expect(404));
      check('rota', await t.http().post('/api/rota').set(...auth).send({ date: '2025-10-02', dutyManager1Id: person.body.id }).expect(201));
      const link = check('calendar link', await t.http().post('/api/calendar/subscription').set(...auth).expect(201));
      expect(link.body.token).toEqual(expect.any(String));
      await t.http().post('/api/settings/procedure-file').set(...auth).attach('file', Buffer.from('%PDF-1.4\n%%EOF\n'), { filename: 'procedures.pdf', contentType: 'application/pdf' }).expect(200);
      check('procedure document', await t.http().get('/api/settings/procedure-file').set(...auth).expect(200));
      const ticket = check('procedure document link', await t.http().get('/api/settings/procedure-file/link').set(...auth).expect(200));
      check('procedure document by link', await t.http().get(ticket.body.url as string).expect(200));
      check('fairness export', await t.http().get('/api/fairness/export?format=csv').set(...auth));
      check('signed out', await t.http().get('/api/staff').expect(401));

      expect(answers.map(([what, res]) => [what, cacheControl(res)])).toEqual(answers.map(([what]) => [what, 'no-store']));
    });

    it('leaves the calendar feeds their own revalidation: private, no-cache with an ETag, and a 304 when unchanged', async () => {
      const admin = await registerOrganization(t);
      const link = await t.http().post('/api/calendar/subscription').set(...bearer(admin.token)).expect(201);
      for (const feed of ['all-duties', 'my-duties']) {
        const url = `/api/calendar/subscribe/${feed}?token=${encodeURIComponent(link.body.token as string)}`;
        const first = await t.http().get(url).expect(200);
        expect({ feed, cacheControl: cacheControl(first), etag: first.headers.etag }).toEqual({ feed, cacheControl: 'private, no-cache', etag: expect.any(String) });
        const again = await t.http().get(url).set('If-None-Match', first.headers.etag!).expect(304);
        expect({ feed, cacheControl: cacheControl(again), etag: again.headers.etag }).toEqual({ feed, cacheControl: 'private, no-cache', etag: first.headers.etag });
      }
      // A feed token that is not one is an error like any other.
      expect(cacheControl(await t.http().get('/api/calendar/subscribe/all-duties?token=nope').expect(404))).toBe('no-store');
    });

    it('leaves the single-page app its own: the shell revalidated, fingerprinted assets kept a year', async () => {
      for (const url of ['/', '/rota']) expect({ url, cacheControl: cacheControl(await t.http().get(url).expect(200)) }).toEqual({ url, cacheControl: 'no-cache' });
      expect(cacheControl(await t.http().get('/assets/index-abc123.js').expect(200))).toBe('public, max-age=31536000, immutable');
      expect(cacheControl(await t.http().get('/assets/missing.js').expect(404))).toBe('no-store');
    });
  });

  describe('CORS', () => {
    const corsHeaders = (res: Response) =>
      Object.fromEntries(Object.entries(res.headers).filter(([name]) => name.startsWith('access-control-')));

    it('is closed by default: no allowance for any origin, on requests or preflights', async () => {
      for (const origin of ['https://evil.example', 'https://intranet.example.sch.uk', 'http://localhost:5173', 'null']) {
        const get = await t.http().get('/api/plan').set('Origin', origin).expect(200);
        expect({ origin, cors: corsHeaders(get) }).toEqual({ origin, cors: {} });
        const preflight = await t
          .http()
          .options('/api/staff')
          .set('Origin', origin)
          .set('Access-Control-Request-Method', 'POST')
          .set('Access-Control-Request-Headers', 'authorization,content-type');
        expect({ origin, cors: corsHeaders(preflight) }).toEqual({ origin, cors: {} });
      }
    });

    it('allows exactly the configured origins, without credentials', async () => {
      for (const origin of ['https://intranet.example.sch.uk', 'http://localhost:5173']) {
        const get = await proxied.http().get('/api/plan').set('Origin', origin).expect(200);
        expect(get.headers['access-control-allow-origin']).toBe(origin);
        expect(get.headers['access-control-allow-credentials']).toBeUndefined();
        expect(get.headers['vary']).toMatch(/\bOrigin\b/);

        const preflight = await proxied
          .http()
          .options('/api/staff')
          .set('Origin', origin)
          .set('Access-Control-Request-Method', 'POST')
          .set('Access-Control-Request-Headers', 'authorization,content-type')
          .expect(204);
        expect(preflight.headers['access-control-allow-origin']).toBe(origin);
        expect(preflight.headers['access-control-allow-methods']).toContain('POST');
        expect(preflight.headers['access-control-allow-headers']?.toLowerCase()).toBe('authorization,content-type');
        expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();
      }
    });

    it('gives any other origin nothing, even when some origins are configured', async () => {
      for (const origin of ['https://evil.example', 'https://intranet.example.sch.uk.evil.example', 'http://intranet.example.sch.uk']) {
        const get = await proxied.http().get('/api/plan').set('Origin', origin).expect(200);
        expect({ origin, acao: get.headers['access-control-allow-origin'] }).toEqual({ origin, acao: undefined });
        const preflight = await proxied
          .http()
          .options('/api/staff')
          .set('Origin', origin)
          .set('Access-Control-Request-Method', 'DELETE');
        expect({ origin, acao: preflight.headers['access-control-allow-origin'] }).toEqual({ origin, acao: undefined });
      }
    });

    it('refuses a CORS_ORIGINS entry that is not an http(s) origin, naming it', () => {
      for (const bad of ['*', 'intranet.example.sch.uk', 'https://intranet.example.sch.uk/app', 'ftp://files.example', 'https://a.example,https://b.example?x=1']) {
        expect(() => validateEnv({ CORS_ORIGINS: bad })).toThrow(/CORS_ORIGINS must be a comma-separated list of http\(s\) origins/);
      }
      expect(() => validateEnv({ CORS_ORIGINS: 'https://a.example/path' })).toThrow('(not an origin: "https://a.example/path")');
      expect(corsOrigins(validateEnv({ CORS_ORIGINS: ' https://A.example/ ,http://localhost:5173' }))).toEqual(['https://a.example', 'http://localhost:5173']);
      expect(corsOrigins(validateEnv({}))).toEqual([]);
    });
  });

  describe('cookies', () => {
    it('are never set: sign-up, sign-in, the signed-in pages, calendar feeds, the SPA and the docs', async () => {
      const responses: { what: string; res: Response }[] = [];
      const record = (what: string, res: Response) => {
        responses.push({ what, res });
        return res;
      };

      const suffix = randomBytes(4).toString('hex');
      const admin = { email: `cookie-${suffix}@example.com`, password: 'correct horse', subdomain: `cookie-${suffix}` };
      record(
        'register',
        await t
          .http()
          .post('/api/auth/register')
          .send({ name: 'Cookie Admin', email: admin.email, password: admin.password, organizationName: `Cookie School ${suffix}`, organizationSubdomain: admin.subdomain })
          .expect(201),
      );
      record('login (wrong password)', await t.http().post('/api/auth/login').send({ email: admin.email, password: 'wrong password', organizationSubdomain: admin.subdomain }).expect(401));
      const login = record('login', await t.http().post('/api/auth/login').send({ email: admin.email, password: admin.password, organizationSubdomain: admin.subdomain }).expect(200));
      const auth = bearer(login.body.token as string);
      record('forgot password', await t.http().post('/api/auth/forgot-password').send({ email: admin.email, organizationSubdomain: admin.subdomain }).expect(200));
      const staff = record('create staff', await t.http().post('/api/staff').set(...auth).send({ name: 'Cookie Free', email: 'cookie-free@example.com' }).expect(201));
      record('create rota', await t.http().post('/api/rota').set(...auth).send({ date: '2025-10-02', dutyManager1Id: staff.body.id }).expect(201));
      const link = record('calendar link', await t.http().post('/api/calendar/subscription').set(...auth).expect(201));
      record('calendar feed', await t.http().get(`/api/calendar/subscribe/all-duties?token=${encodeURIComponent(link.body.token as string)}`).expect(200));

      // Every read the signed-in app makes that needs no id.
      const spec = (await t.http().get('/api/openapi.json').expect(200)).body as { paths: Record<string, Record<string, unknown>> };
      const reads = Object.entries(spec.paths)
        .filter(([url, item]) => 'get' in item && !url.includes('{') && !url.includes('/calendar/subscribe/'))
        .map(([url]) => url);
      expect(reads).toEqual(expect.arrayContaining(['/api/auth/user', '/api/staff', '/api/rota', '/api/dashboard-stats', '/api/system-settings']));
      for (const url of reads) {
        const res = record(`GET ${url}`, await t.http().get(url).set(...auth));
        expect({ url, status: res.status < 500 }).toEqual({ url, status: true });
      }
      record('SPA shell', await t.http().get('/').expect(200));
      record('Swagger UI', await t.http().get('/api/docs/').expect(200));

      expect(responses.length).toBeGreaterThan(20);
      const withCookies = responses.filter(({ res }) => res.headers['set-cookie'] !== undefined).map(({ what }) => what);
      expect(withCookies).toEqual([]);
    });
  });
});
