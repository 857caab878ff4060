import * as fs from 'node:fs';
import * as path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The paths that answer the SPA's index.html when no file matches: navigation paths only. Nothing
 * under /assets/ (Vite's fingerprinted build output) and no path whose last segment looks like a
 * file name (`/favicon.png`, `/old-chunk.js`): a missing file is a 404, not a 200 with HTML that a
 * browser would try to run as a script or cache for a year.
 */
export const SPA_FALLBACK_PATH = /^(?!\/assets(?:\/|$))(?!(?:.*\/)?[^/]*\.[^/]*$)\/.*$/;

/** The API's own paths: never the SPA's, whatever they look like. */
const API_PATH = /^\/api(?:\/|$)/;

/** Vite fingerprints everything under assets/: cached for a year; the HTML is always revalidated. */
function cacheControl(file: string): string {
  return file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/**
 * The single-page app, when it has been built (`staticDir` holds its index.html): its files as
 * they are (no directory listing, no "/assets" → "/assets/" redirect: folders are not pages);
 * `/` the landing page rendered at build time (`landing/index.html`, when the build made one,
 * else the shell); every other navigation path (SPA_FALLBACK_PATH) the empty shell, so no other
 * page's first paint shows the landing page's markup. Everything else nothing answers, under
 * /api or not, is Nest's JSON 404 (AllExceptionsFilter), which Fastify's not-found handler gives
 * at the root. Call before `init()`.
 */
export async function serveSpa(app: NestFastifyApplication, staticDir: string | undefined): Promise<void> {
  if (!staticDir || !fs.existsSync(path.join(staticDir, 'index.html'))) return;
  const root = path.resolve(staticDir);
  await app.register(fastifyStatic, {
    root,
    // One route per file of the build, read at start-up: the build doesn't change while it runs.
    wildcard: false,
    index: false,
    redirect: false,
    cacheControl: false,
    setHeaders: (reply: FastifyReply, file: string) => void reply.header('Cache-Control', cacheControl(file)),
  });
  const landing = fs.existsSync(path.join(root, 'landing', 'index.html')) ? 'landing/index.html' : 'index.html';
  const fastify = app.getHttpAdapter().getInstance();
  fastify.route({ method: ['GET', 'HEAD'], url: '/', handler: (_req, reply) => reply.sendFile(landing) });

  // The shell for navigation paths: in front of Nest's not-found handler, which Nest sets at init.
  const adapter = app.getHttpAdapter() as FastifyAdapter;
  const setNotFoundHandler = adapter.setNotFoundHandler.bind(adapter);
  adapter.setNotFoundHandler = (handler: (req: FastifyRequest, reply: FastifyReply) => unknown) =>
    setNotFoundHandler((req: FastifyRequest, reply: FastifyReply) => {
      if (req.method === 'GET' || req.method === 'HEAD') {
        const queryAt = req.url.indexOf('?');
        const pathname = queryAt < 0 ? req.url : req.url.slice(0, queryAt);
        if (!API_PATH.test(pathname) && SPA_FALLBACK_PATH.test(pathname)) return reply.sendFile('index.html');
      }
      return handler(req, reply);
    });
}
