import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import helmet from 'helmet';

/** Sent only on requests that arrived over TLS (see `securityHeaders`). */
export const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

/**
 * The Content-Security-Policy of everything the app serves: the single-page app, the API's
 * JSON, Swagger UI at /api/docs and the calendar feeds. Why each source is allowed is in
 * docs/security.md; in short:
 * - scripts only from this origin: Vite emits external modules, no inline script, no eval;
 * - styles from this origin plus 'unsafe-inline', because antd's CSS-in-JS (and Swagger UI's
 *   page) inject <style> elements at run time;
 * - images from this origin and data: (icons inlined by antd and Swagger UI's stylesheet);
 * - fetches only to this origin (/api).
 */
export const CSP_DIRECTIVES = {
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
} as const satisfies Record<string, readonly string[]>;

export type HeaderWriter = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;

export function helmetWith(upgradeInsecureRequests: boolean): HeaderWriter {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        ...CSP_DIRECTIVES,
        // Only meaningful (and only harmless) on a page that itself came over TLS: on a plain-http
        // intranet deployment it would send every asset request to an https port that isn't there.
        'upgrade-insecure-requests': upgradeInsecureRequests ? [] : null,
      },
    },
    // Helmet would send HSTS on every response; it belongs only on responses sent over TLS.
    strictTransportSecurity: false,
  });
}

/**
 * What every response says about caching unless its route says otherwise: nothing may keep it,
 * not the browser nor any proxy. API answers carry session, feed and reset tokens and people's
 * names, addresses and duties; an error or a 404 is no exception. Caching is opt-in, by a route
 * that sets its own `Cache-Control`: the SPA's files (spa.ts: `no-cache`, or a year for
 * fingerprinted assets) and the calendar feeds (feed-revalidation.ts: `private, no-cache` with an
 * ETag). The procedure document and the exports keep this one: they hold the school's data, and
 * `no-store` already says everything `private` would.
 */
export const NO_STORE = 'no-store';

/**
 * A Fastify `onRequest` hook: `Cache-Control: no-store` (see NO_STORE), helmet's headers with the
 * app's CSP, plus `Strict-Transport-Security` when the request came over TLS, on every response
 * (API, errors, 404s, the SPA and its files). `request.protocol` believes `X-Forwarded-Proto` only
 * from proxies trusted by TRUST_PROXY. All are set on the reply (Fastify's headers), not the raw
 * response: a route's own value of one replaces it (Fastify keeps one value per header), Fastify's
 * error handling keeps them on errors, and Node writes the reply's headers in one `writeHead`
 * without storing each one on the raw response first (docs/performance.md#api-at-scale).
 */
export function securityHeaders(): onRequestHookHandler {
  const overTls = headersOf(helmetWith(true));
  const plain = headersOf(helmetWith(false));
  return (request: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void) => {
    reply.header('cache-control', NO_STORE);
    if (request.protocol === 'https') {
      reply.header('strict-transport-security', HSTS_VALUE);
      overTls.writeTo(reply);
    } else {
      plain.writeTo(reply);
    }
    done();
  };
}

/** Where the headers go: Fastify's reply, or anything with its two methods. */
export interface HeaderTarget {
  header(name: string, value: string | number | readonly string[]): unknown;
  removeHeader(name: string): unknown;
}

/** The headers a helmet writer sets (and removes), taken once: they depend on neither request nor response. */
interface StaticHeaders {
  writeTo(target: HeaderTarget): void;
}

/**
 * Runs `writer` once against a response that only records, and replays what it did: helmet's
 * fourteen middlewares, each run on every request, came to about 2 % of the app's CPU in bench/api
 * (docs/performance.md#api-at-scale) for the same headers each time — the app's CSP has no nonce
 * and no directive computed per request. security-headers.spec.ts checks the replay equals helmet.
 */
export function headersOf(writer: HeaderWriter): StaticHeaders {
  const set: [string, string | number | readonly string[]][] = [];
  const removed: string[] = [];
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      set.push([name, value]);
      return recorder;
    },
    removeHeader(name: string) {
      removed.push(name);
    },
  };
  let finished = false;
  writer({} as IncomingMessage, recorder as unknown as ServerResponse, (err) => {
    if (err) throw err;
    finished = true;
  });
  if (!finished) throw new Error('The security headers did not finish at once: they cannot be taken once for every response');
  // Names lower-cased once (Fastify lower-cases every name it is given; an already lower-case one
  // costs no new string), names and values in two arrays walked by index: destructuring each
  // [name, value] pair made an iterator per header per request (docs/performance.md).
  const names = set.map(([name]) => name.toLowerCase());
  const values = set.map(([, value]) => value);
  const removedNames = removed.map((name) => name.toLowerCase());
  return {
    writeTo(target) {
      for (let i = 0; i < removedNames.length; i++) target.removeHeader(removedNames[i]);
      for (let i = 0; i < names.length; i++) target.header(names[i], values[i]);
    },
  };
}

/**
 * Cross-origin access: none unless CORS_ORIGINS names origins. Those get the API without
 * credentials (sessions are bearer tokens, never cookies); every other origin gets no
 * Access-Control-Allow-Origin, so browsers keep its pages from reading our responses.
 */
export function corsOptions(origins: readonly string[]): Parameters<NestFastifyApplication['enableCors']>[0] {
  if (!origins.length) return undefined;
  return {
    origin: [...origins],
    credentials: false,
    // Written as the header values, comma-separated without spaces (as before, with Express's cors).
    methods: 'GET,HEAD,POST,PUT,PATCH,DELETE',
    allowedHeaders: 'Authorization,Content-Type',
    exposedHeaders: 'Content-Disposition,Retry-After',
    maxAge: 600,
  };
}
