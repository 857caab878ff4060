import { MikroORM } from '@mikro-orm/core';
import { Global, Injectable, type MiddlewareConsumer, Module, type NestMiddleware, type NestModule } from '@nestjs/common';
import { openRequestScope } from './request-entity-manager';
import { UnitOfWork } from './unit-of-work';

/**
 * Opens each request's scope for its EntityManager, forked only if the request uses it
 * (request-entity-manager.ts): in place of @mikro-orm/nestjs's middleware, which forks on every
 * request (registerRequestContext: false in config/mikro-orm.config.ts).
 */
@Injectable()
export class RequestScopeMiddleware implements NestMiddleware {
  constructor(private readonly orm: MikroORM) {}

  use(_req: unknown, _res: unknown, next: () => void): void {
    openRequestScope(this.orm.em, next);
  }
}

/** The unit of work every service starts its transactions with (unit-of-work.ts), and each request's EntityManager scope. */
@Global()
@Module({ providers: [UnitOfWork, RequestScopeMiddleware], exports: [UnitOfWork] })
export class DatabaseModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(RequestScopeMiddleware).forRoutes('{*all}');
  }
}
