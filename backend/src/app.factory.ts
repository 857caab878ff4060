import { constants as zlib } from 'node:zlib';
import { HttpAdapterHost, NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { ConfigService } from '@nestjs/config';
import fastifyCompress from '@fastify/compress';
import { corsOrigins, type Env } from './config/env';
import { Logger } from 'nestjs-pino';
import { AppModule, AppModuleOptions } from './app.module';
import { AllExceptionsFilter } from './common/filters/all-exceptions.filter';
import { corsOptions, securityHeaders } from './common/http/security-headers';
import { answerClientErrorsWithJson, BODY_LIMIT_BYTES, parseJsonBody } from './common/http/request-limits';
import { serveSpa } from './common/http/spa';
import { RequestInputPipe } from './common/http/validation';
import { buildOpenApiDocument, setupSwagger } from './common/swagger/openapi';
import { CalendarService, FEED_PATH } from './modules/calendar/calendar.service';
import { feedRevalidation } from './modules/calendar/feed-revalidation';
import { requestContextHook } from './tenancy/tenancy.module';

/**
 * Builds the app exactly as it runs in production. `main.ts`, the integration tests and the
 * OpenAPI generator all go through here, so they can't drift apart.
 *
 * The HTTP layer is Fastify (`@nestjs/platform-fastify`); what it changed in bench/api's CPU per
 * request (less under load, no gain on a quiet machine) is in docs/performance.md.
 */
export async function createApp(options: AppModuleOptions): Promise<NestFastifyApplication> {
  const adapter = new FastifyAdapter({
    // Who the client is (request.ip, .hostname, .protocol) behind a proxy: X-Forwarded-* are
    // believed only from proxies TRUST_PROXY trusts, as Express's `trust proxy` did.
    // (a number of hops works as in Express, though Fastify's type leaves it out).
    trustProxy: options.env.TRUST_PROXY as boolean | string,
    bodyLimit: BODY_LIMIT_BYTES,
    // Node answers a request it cannot parse itself; this answers with the app's JSON error body.
    clientErrorHandler: answerClientErrorsWithJson,
    // Request logging is nestjs-pino's (app.module.ts); Fastify's own logger stays off.
    logger: false,
    // `/api/staff/` is `/api/staff`, and a path parameter of any length reaches the handler
    // (whose validation answers it), as in Express; Fastify's default is a 404 past 100 characters.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 16 * 1024 },
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.register(options), adapter, {
    bufferLogs: true,
    bodyParser: false,
  });
  app.useLogger(app.get(Logger));
  await configureApp(app);
  return app;
}

export async function configureApp(app: NestFastifyApplication): Promise<void> {
  const config = app.get(ConfigService<Env, true>);
  const fastify = app.getHttpAdapter().getInstance();
  // JSON up to 1 MB, refused before parsing when nested too deeply (request-limits.ts); forms as
  // before; any other type reaches the handlers without a body (Express's way), not as a 415.
  app.useBodyParser('application/json', { bodyLimit: BODY_LIMIT_BYTES }, parseJsonBody);
  app.useBodyParser('application/x-www-form-urlencoded', { bodyLimit: BODY_LIMIT_BYTES });
  fastify.addContentTypeParser('*', (_req, _payload, done) => done(null, undefined));
  // The request's tenant context and EntityManager scope, around everything after it: after Nest
  // middleware (@fastify/middie's hook, added when the app was created), before the hooks below.
  fastify.addHook('onRequest', requestContextHook(app));
  // Helmet with the app's CSP, HSTS only over TLS (docs/security.md); CORS only for CORS_ORIGINS.
  fastify.addHook('onRequest', securityHeaders());
  // A calendar revalidating an unchanged feed gets its 304 before the route's guards and pipes
  // (feed-revalidation.ts): a hook of the feeds' routes (GET and HEAD), after the hooks above, so
  // no other request runs it.
  const revalidation = feedRevalidation(app.get(CalendarService));
  fastify.addHook('onRoute', (route) => {
    if (!route.url.startsWith(FEED_PATH)) return;
    const own = route.onRequest === undefined ? [] : Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest];
    if (!own.includes(revalidation)) route.onRequest = [...own, revalidation];
  });
  // gzip (or brotli) for the SPA's scripts and styles and the larger JSON/iCalendar answers
  // (≥ 1 KB): the landing page's JavaScript is about a quarter of its size on the wire.
  await app.register(fastifyCompress, {
    threshold: 1024,
    encodings: ['br', 'gzip', 'deflate'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT, [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
  const cors = corsOptions(corsOrigins({ CORS_ORIGINS: config.get('CORS_ORIGINS', { infer: true }) }));
  if (cors) app.enableCors(cors);
  app.setGlobalPrefix('api');
  // The built SPA: `/` the prerendered landing page, navigation paths its shell (spa.ts).
  await serveSpa(app, config.get('SERVE_STATIC', { infer: true }) ? config.get('STATIC_DIR', { infer: true }) : undefined);
  // Text PostgreSQL can't store is refused first, with a 400 naming the field (unsafe-text.ts),
  // then class-validator's rules: one pipe (validation.ts).
  app.useGlobalPipes(new RequestInputPipe());
  app.useGlobalFilters(new AllExceptionsFilter(app.get(HttpAdapterHost)));
  setupSwagger(app, () => buildOpenApiDocument(app));
}
