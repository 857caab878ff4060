import { HttpAdapterHost, NestFactory } from '@nestjs/core';
import type { NestExpressApplication, NestExpressBodyParserOptionsFor } from '@nestjs/platform-express';
import { ConfigService } from '@nestjs/config';
import compression from 'compression';
import { corsOrigins, type Env } from './config/env';
import { Logger } from 'nestjs-pino';
import { AppModule, AppModuleOptions } from './app.module';
import { AllExceptionsFilter } from './common/filters/all-exceptions.filter';
import { corsOptions, securityHeaders } from './common/http/security-headers';
import { answerClientErrorsWithJson, refuseDeepJson } from './common/http/request-limits';
import { answerUnknownPathsWithJson404 } from './common/http/not-found';
import { RejectUnsafeTextPipe } from './common/http/unsafe-text';
import { createValidationPipe } from './common/http/validation';
import { buildOpenApiDocument, setupSwagger } from './common/swagger/openapi';

/**
 * Builds the app exactly as it runs in production. `main.ts`, the integration tests and the
 * OpenAPI generator all go through here, so they can't drift apart.
 */
export async function createApp(options: AppModuleOptions): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.register(options), {
    bufferLogs: true,
    bodyParser: false,
  });
  app.useLogger(app.get(Logger));
  configureApp(app);
  return app;
}

export function configureApp(app: NestExpressApplication): void {
  const config = app.get(ConfigService<Env, true>);
  app.set('trust proxy', config.get('TRUST_PROXY', { infer: true }));
  // Nest 12's type leaves `verify` out (its rawBody option sets one); without rawBody it still
  // reaches body-parser as it is.
  app.useBodyParser('json', { limit: '1mb', verify: refuseDeepJson } as NestExpressBodyParserOptionsFor<'json'>);
  answerClientErrorsWithJson(app.getHttpServer());
  app.useBodyParser('urlencoded', { limit: '1mb', extended: false });
  // Helmet with the app's CSP, HSTS only over TLS (docs/security.md); CORS only for CORS_ORIGINS.
  app.use(securityHeaders());
  // gzip for the SPA's scripts and styles and the larger JSON/iCalendar answers (≥ 1 KB):
  // the landing page's JavaScript is about a quarter of its size on the wire.
  app.use(compression({ threshold: 1024 }));
  const cors = corsOptions(corsOrigins({ CORS_ORIGINS: config.get('CORS_ORIGINS', { infer: true }) }));
  if (cors) app.enableCors(cors);
  app.setGlobalPrefix('api');
  answerUnknownPathsWithJson404(app);
  // Text PostgreSQL can't store is refused first, with a 400 naming the field (unsafe-text.ts).
  app.useGlobalPipes(new RejectUnsafeTextPipe(), createValidationPipe());
  app.useGlobalFilters(new AllExceptionsFilter(app.get(HttpAdapterHost)));
  setupSwagger(app, buildOpenApiDocument(app));
}

