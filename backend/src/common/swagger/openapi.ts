import { INestApplication } from '@nestjs/common';
import { DocumentBuilder, getSchemaPath, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import type { OperationObject } from '@nestjs/swagger';
import { ErrorResponseDto } from '../http/error-body';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';

// backend/package.json, three levels up from both src/common/swagger and dist/common/swagger.
const { version } = JSON.parse(
  readFileSync(path.resolve(__dirname, '..', '..', '..', 'package.json'), 'utf8'),
) as { version: string };

export const BEARER_AUTH = 'bearer';

/**
 * Builds the OpenAPI document. Operation ids are the controller method names (immich's
 * operationIdFactory), so the generated hooks read `useGetPlanQuery`; method names are
 * therefore unique across the whole API.
 */
export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Duty Manager API')
    .setDescription(
      'The API of Duty Manager, the duty-manager rota for schools, colleges and universities. ' +
        'Dates are `yyyy-MM-dd` strings in the organisation’s time zone. Errors have the shape ' +
        '`{statusCode, message, error}`.',
    )
    .setVersion(version)
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' }, BEARER_AUTH)
    .build();
  const document = SwaggerModule.createDocument(app, config, {
    operationIdFactory: (_controllerKey: string, methodKey: string) => methodKey,
    extraModels: [ErrorResponseDto],
  });
  assertOperationsAreWellFormed(document);
  addErrorResponses(document);
  return document;
}

/** Each operation needs exactly one tag (its module) and an id no other operation has. */
function assertOperationsAreWellFormed(document: OpenAPIObject): void {
  const seen = new Map<string, string>();
  for (const [route, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!operation || typeof operation !== 'object' || !('responses' in operation)) continue;
      const where = `${method.toUpperCase()} ${route}`;
      const id = (operation as { operationId?: string }).operationId ?? '';
      const tags = (operation as { tags?: string[] }).tags ?? [];
      if (tags.length !== 1) {
        throw new Error(`${where} must have exactly one OpenAPI tag (its module name), has ${tags.length}`);
      }
      const other = seen.get(id);
      if (other) throw new Error(`Operation id "${id}" is used by both ${other} and ${where}`);
      seen.set(id, where);
    }
  }
}

/** Every operation can fail with the one error shape; say so once, for all of them. */
function addErrorResponses(document: OpenAPIObject): void {
  for (const item of Object.values(document.paths)) {
    for (const operation of Object.values(item)) {
      if (!operation || typeof operation !== 'object' || !('responses' in operation)) continue;
      (operation as OperationObject).responses.default ??= {
        description: 'The error, as `{statusCode, message, error}`.',
        content: { 'application/json': { schema: { $ref: getSchemaPath(ErrorResponseDto) } } },
      };
    }
  }
}

/** Sorts object keys recursively so the committed spec only changes when the API does. */
export function sortKeys<T>(value: T): T {
  if (Array.isArray(value)) return value.map(sortKeys) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([k, v]) => [k, sortKeys(v)]),
    ) as T;
  }
  return value;
}

/**
 * Serves the Swagger UI and the document at /api/docs, /api/openapi.json and /api/openapi.yaml.
 * `document` is a factory: the document is built on the first request for it, not at start-up,
 * so an instance nobody reads the docs of never holds it (docs/performance.md#memory).
 */
export function setupSwagger(app: INestApplication, document: () => OpenAPIObject): void {
  SwaggerModule.setup('api/docs', app, document, {
    jsonDocumentUrl: 'api/openapi.json',
    yamlDocumentUrl: 'api/openapi.yaml',
    customSiteTitle: 'Duty Manager API',
    swaggerOptions: { persistAuthorization: true },
  });
}
