import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest as Request } from 'fastify';
import { from, type Observable, switchMap } from 'rxjs';
import { ANY_HOST, OrganizationHosts } from './organization-hosts.service';

/**
 * On an organisation's address whose organisation does not exist, every route answers 404 with
 * a message that says so (docs/product.md#accounts-and-sign-in). A signed-in request has already
 * been matched to its host by the JWT strategy, so only the others cost a lookup.
 */
@Injectable()
export class HostInterceptor implements NestInterceptor {
  constructor(
    private readonly hosts: OrganizationHosts,
    private readonly reflector: Reflector,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const req = context.switchToHttp().getRequest<Request & { user?: unknown }>();
    if (req.user || this.hosts.of(req).kind !== 'organization') return next.handle();
    if (this.reflector.getAllAndOverride<boolean>(ANY_HOST, [context.getHandler(), context.getClass()])) return next.handle();
    return from(this.hosts.requireKnown(req)).pipe(switchMap(() => next.handle()));
  }
}
