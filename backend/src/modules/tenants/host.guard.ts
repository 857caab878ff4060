import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest as Request } from 'fastify';
import { AUTHENTICATED_KEY } from '../../common/auth/guards';
import { RouteMetadata } from '../../common/auth/route-metadata';
import { ANY_HOST, OrganizationHosts } from './organization-hosts.service';

/**
 * On an organisation's address whose organisation does not exist, every route answers 404 with
 * a message that says so (docs/product.md#accounts-and-sign-in). A signed-in route matches its
 * caller's session to the host in the JWT strategy, so only the others cost a lookup. A global
 * guard, not an interceptor: with no interceptor on its route a request runs its handler without
 * the interceptors' observables (docs/performance.md#api-at-scale); the app has no other guard
 * before a route's own, so the order of the answers is that of the interceptor it replaces.
 */
@Injectable()
export class HostGuard implements CanActivate {
  private readonly authenticated: RouteMetadata<boolean>;
  private readonly anyHost: RouteMetadata<boolean>;

  constructor(
    private readonly hosts: OrganizationHosts,
    reflector: Reflector,
  ) {
    this.authenticated = new RouteMetadata(reflector, AUTHENTICATED_KEY);
    this.anyHost = new RouteMetadata(reflector, ANY_HOST);
  }

  /** Synchronous unless it must look the organisation up: every request passes here. */
  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    if (context.getType() !== 'http') return true;
    if (this.authenticated.of(context)) return true;
    const req = context.getArgByIndex<Request>(0);
    if (this.hosts.of(req).kind !== 'organization') return true;
    if (this.anyHost.of(context)) return true;
    return this.hosts.requireKnown(req).then(() => true);
  }
}
