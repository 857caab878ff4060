import { MikroORM } from '@mikro-orm/core';
import { Global, Injectable, type MiddlewareConsumer, Module, type NestMiddleware, type NestModule } from '@nestjs/common';
import { ClsServiceManager } from 'nestjs-cls';
import { openRequestScope } from '../database/request-entity-manager';

/**
 * Opens each request's async-local contexts, around the rest of the request, in one middleware
 * (each of Nest's middlewares on Fastify costs a path match and two wrappers per request):
 * - nestjs-cls's store, in which TenantContext keeps the organisation. Not `ClsModule.forRoot`:
 *   that mounts a middleware doing much more per request (plugin hooks, the request and response
 *   saved, proxy providers resolved) and always registers a global interceptor and guard, which do
 *   nothing here but make every request build the interceptors' observables
 *   (docs/performance.md#api-at-scale). The store is nestjs-cls's own (ClsServiceManager), which
 *   TenantContext reads.
 * - the scope of the request's EntityManager, forked only if the request uses it
 *   (database/request-entity-manager.ts), in place of @mikro-orm/nestjs's middleware, which forks
 *   on every request (registerRequestContext: false in config/mikro-orm.config.ts).
 */
@Injectable()
export class RequestContextMiddleware implements NestMiddleware {
  constructor(private readonly orm: MikroORM) {}

  use(_req: unknown, _res: unknown, next: () => void): void {
    ClsServiceManager.getClsService().run(() => openRequestScope(this.orm.em, next));
  }
}

@Global()
@Module({ providers: [RequestContextMiddleware] })
export class TenancyModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(RequestContextMiddleware).forRoutes('{*all}');
  }
}
