import { Global, type MiddlewareConsumer, Module, type NestModule } from '@nestjs/common';
import { ClsServiceManager } from 'nestjs-cls';

/**
 * Opens each request's async-local context, in which TenantContext keeps the organisation: one
 * `run` of nestjs-cls's store around the rest of the request. Not `ClsModule.forRoot`: that mounts
 * a middleware doing much more per request (plugin hooks, the request and response saved, proxy
 * providers resolved) and always registers a global interceptor and guard, which do nothing here
 * but make every request build the interceptors' observables (docs/performance.md#api-at-scale).
 * The store is nestjs-cls's own (ClsServiceManager), which TenantContext reads.
 */
export function openRequestContext(_req: unknown, _res: unknown, next: () => void): void {
  ClsServiceManager.getClsService().run(next);
}

@Global()
@Module({})
export class TenancyModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(openRequestContext).forRoutes('{*all}');
  }
}
