import type { CorsOptions } from '@nestjs/common/interfaces/external/cors-options.interface';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
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

function helmetWith(upgradeInsecureRequests: boolean): RequestHandler {
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
 * Helmet's headers with the app's CSP, plus `Strict-Transport-Security` when the request came
 * over TLS. `req.secure` believes `X-Forwarded-Proto` only from proxies trusted by TRUST_PROXY.
 */
export function securityHeaders(): RequestHandler {
  const overTls = helmetWith(true);
  const plain = helmetWith(false);
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.secure) {
      res.setHeader('Strict-Transport-Security', HSTS_VALUE);
      overTls(req, res, next);
    } else {
      plain(req, res, next);
    }
  };
}

/**
 * Cross-origin access: none unless CORS_ORIGINS names origins. Those get the API without
 * credentials (sessions are bearer tokens, never cookies); every other origin gets no
 * Access-Control-Allow-Origin, so browsers keep its pages from reading our responses.
 */
export function corsOptions(origins: readonly string[]): CorsOptions | undefined {
  if (!origins.length) return undefined;
  return {
    origin: [...origins],
    credentials: false,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type'],
    exposedHeaders: ['Content-Disposition', 'Retry-After'],
    maxAge: 600,
  };
}
