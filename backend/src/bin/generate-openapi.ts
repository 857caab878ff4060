import 'reflect-metadata';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { createApp } from '../app.factory';
import { REPO_ROOT, validateEnv } from '../config/env';
import { buildOpenApiDocument, sortKeys } from '../common/swagger/openapi';
import { PERMISSIONS_FILE, renderPermissionsFile } from './permissions-file';

/**
 * Boots the app without listening and without a database, and writes the sorted OpenAPI
 * document to openapi/openapi.json. The frontend's RTK Query endpoints are generated from it.
 * It also writes the permission table the frontend's access checks read (PERMISSIONS_FILE), so
 * the backend's roles.ts is the only place a permission is granted.
 */
async function generate(): Promise<void> {
  const env = validateEnv({ ...process.env, LOG_LEVEL: 'silent', SERVE_STATIC: 'false', DATABASE_URL: undefined });
  const app = await createApp({ env, databaseUrl: 'postgresql://openapi@127.0.0.1:1/openapi', jwtSecret: 'openapi-generation-only-secret-not-used-for-anything' });
  await app.init();
  const document = sortKeys(buildOpenApiDocument(app));
  await app.close();

  const target = path.join(REPO_ROOT, 'openapi', 'openapi.json');
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(target, `${JSON.stringify(document, null, 2)}\n`);
  process.stdout.write(`Wrote ${path.relative(process.cwd(), target)} (${Object.keys(document.paths).length} paths)\n`);

  const permissions = path.join(REPO_ROOT, PERMISSIONS_FILE);
  fs.writeFileSync(permissions, renderPermissionsFile());
  process.stdout.write(`Wrote ${path.relative(process.cwd(), permissions)}\n`);
}

generate().catch((err: unknown) => {
  process.stderr.write(`OpenAPI generation failed: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
