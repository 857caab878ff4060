import { MikroORM } from '@mikro-orm/core';
import { Global, Module, type INestApplicationContext } from '@nestjs/common';
import { ClsServiceManager } from 'nestjs-cls';
import type { onRequestHookHandler } from 'fastify';
import { openRequestScope } from '../database/request-entity-manager';

/**
 * Opens each request's async-local contexts, around the rest of the request, in one Fastify
 * `onRequest` hook (added by app.factory.ts where Nest's middleware runner, @fastify/middie, sits,
 * so it runs after Nest middleware — the request logger, when logging is on — and before the
 * security headers and the calendar feeds' 304, a hook of their routes). A Nest middleware did
 * the same through middie, which per request copies the request's fields onto the raw request,
 * matches the path and wraps the middleware twice (docs/performance.md#api-at-scale):
 * - nestjs-cls's store, in which TenantContext keeps the organisation. Not `ClsModule.forRoot`:
 *   that mounts a middleware doing much more per request (plugin hooks, the request and response
 *   saved, proxy providers resolved) and always registers a global interceptor and guard, which do
 *   nothing here but make every request build the interceptors' observables. The store is
 *   nestjs-cls's own (ClsServiceManager), which TenantContext reads.
 * - the scope of the request's EntityManager, forked only if the request uses it
 *   (database/request-entity-manager.ts), in place of @mikro-orm/nestjs's middleware, which forks
 *   on every request (registerRequestContext: false in config/mikro-orm.config.ts).
 */
export function requestContextHook(app: INestApplicationContext): onRequestHookHandler {
  const cls = ClsServiceManager.getClsService();
  const root = app.get(MikroORM).em;
  return (_request, _reply, done) => cls.run(() => openRequestScope(root, done));
}

@Global()
@Module({})
export class TenancyModule {}
