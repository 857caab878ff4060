import type { ExecutionContext } from '@nestjs/common';
import type { Reflector } from '@nestjs/core';

type Handler = ReturnType<ExecutionContext['getHandler']>;
type Controller = ReturnType<ExecutionContext['getClass']>;

/**
 * A route's metadata under one key, as `Reflector.getAllAndOverride` reads it (the handler's, else
 * its controller's), remembered per route: decorators set it while the app is built and nothing
 * changes it after, while the guards read it on every request (reflect-metadata walks the
 * prototype chain of the handler and of the controller each time).
 */
export class RouteMetadata<T> {
  private readonly routes = new WeakMap<Handler, { controller: Controller; value: T | undefined }>();

  constructor(
    private readonly reflector: Reflector,
    private readonly key: string,
  ) {}

  of(context: ExecutionContext): T | undefined {
    const handler = context.getHandler();
    const controller = context.getClass();
    const known = this.routes.get(handler);
    if (known !== undefined && known.controller === controller) return known.value;
    const value = this.reflector.getAllAndOverride<T | undefined>(this.key, [handler, controller]);
    this.routes.set(handler, { controller, value });
    return value;
  }
}
