import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createTestApp, type TestApp } from './support/test-app';

const SHELL = '<!doctype html><html><head><title>shell</title></head><body><div id="root"></div></body></html>';
const LANDING = '<!doctype html><html><head><title>landing</title></head><body><div id="root"><h1>prerendered landing</h1></div></body></html>';

/**
 * The frontend build writes the landing page rendered at build time to landing/index.html
 * (frontend/scripts/prerender.mjs): `/` answers it, and every other page's path the empty shell,
 * so no other page paints the landing page's markup first.
 */
describe('the SPA with a prerendered landing page', () => {
  let staticDir: string;
  let t: TestApp;

  beforeAll(async () => {
    staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'duty-manager-landing-'));
    fs.writeFileSync(path.join(staticDir, 'index.html'), SHELL);
    fs.mkdirSync(path.join(staticDir, 'landing'));
    fs.writeFileSync(path.join(staticDir, 'landing', 'index.html'), LANDING);
    t = await createTestApp({ env: { SERVE_STATIC: 'true', STATIC_DIR: staticDir } });
  });

  afterAll(async () => {
    await t?.close();
    fs.rmSync(staticDir, { recursive: true, force: true });
  });

  it('answers / with the prerendered page, revalidated on every visit, under the CSP', async () => {
    for (const url of ['/', '/?utm_source=newsletter']) {
      const res = await t.http().get(url).expect(200);
      expect({ url, text: res.text }).toEqual({ url, text: LANDING });
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    }
  });

  it('answers every other page with the empty shell', async () => {
    for (const url of ['/dashboard', '/login', '/continue?next=%2F', '/rota', '/staff/42', '/landing', '/landing/']) {
      const res = await t.http().get(url).expect(200);
      expect({ url, text: res.text }).toEqual({ url, text: SHELL });
    }
    await t.http().get('/api/nothing-here').expect(404);
  });
});
