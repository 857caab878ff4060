import { type CanActivate, type ExecutionContext, ForbiddenException, Injectable, Optional, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import type { AuthUser } from './auth-user';
import { SESSION_ENDED, TWO_FACTOR_SETUP_REQUIRED } from './auth-user';
import { hasPermission, type Permission, permissionDeniedMessage } from './roles';
import { RouteMetadata } from './route-metadata';

export const PERMISSION_KEY = 'duty-manager:permission';
/** Marks the routes an admin who must still turn on two-step verification may reach. */
export const BEFORE_TWO_FACTOR_SETUP_KEY = 'duty-manager:before-two-factor-setup';
/** Set by `@Authenticated()`: the route signs its caller in (its host is checked with the session). */
export const AUTHENTICATED_KEY = 'duty-manager:authenticated';

/**
 * A rule that refuses some of a signed-in member's writes, owned by the module whose rule it is
 * (data-rights: an organisation waiting to be deleted is read-only), which provides it globally
 * under this class. PermissionGuard asks it after the permission, before the route's pipes: a
 * guard, not an interceptor, so a request passes no interceptor unless its route has one (Nest then
 * runs the handler without building the interceptors' observables: docs/performance.md#api-at-scale).
 */
export abstract class WriteRefusal {
  /** Throws when `user`'s request with `method` to the route (`targets`: handler, controller) must be refused. */
  abstract check(user: AuthUser, method: string, targets: [ReturnType<ExecutionContext['getHandler']>, ReturnType<ExecutionContext['getClass']>]): void;
}

/** What a route needs; `deniedAction` words the refusal when the permission's own wording is too broad. */
export interface RequiredPermission {
  permission: Permission;
  deniedAction?: string;
}

@Injectable()
export class JwtAuthGuard extends AuthGuard('jwt') {
  override handleRequest<TUser = AuthUser>(err: unknown, user: TUser | false, info: unknown): TUser {
    // A failure to check the token (the database is down: 503) is not a reason to end the session.
    if (err) throw err;
    if (!user) {
      const reason = info as { name?: string; message?: string } | undefined;
      if (reason?.name === 'TokenExpiredError') throw new UnauthorizedException(SESSION_ENDED);
      if (reason?.message === 'No auth token') throw new UnauthorizedException('Please sign in to continue.');
      throw new UnauthorizedException(SESSION_ENDED);
    }
    return user;
  }
}

@Injectable()
export class PermissionGuard implements CanActivate {
  private readonly permissions: RouteMetadata<RequiredPermission>;
  private readonly beforeTwoFactorSetup: RouteMetadata<boolean>;

  constructor(
    reflector: Reflector,
    @Optional() private readonly writes?: WriteRefusal,
  ) {
    this.permissions = new RouteMetadata(reflector, PERMISSION_KEY);
    this.beforeTwoFactorSetup = new RouteMetadata(reflector, BEFORE_TWO_FACTOR_SETUP_KEY);
  }

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<{ user?: AuthUser; method: string }>();
    const user = request.user;
    // An admin whose organisation requires two-step verification and who hasn't turned it on
    // reaches only its setup (docs/product.md#two-step-verification), whatever their role allows.
    if (user?.twoFactorSetupRequired && !this.beforeTwoFactorSetup.of(context)) {
      throw new ForbiddenException({ message: TWO_FACTOR_SETUP_REQUIRED, code: 'two_factor_setup_required' });
    }
    const required = this.permissions.of(context);
    if (required && (!user || !hasPermission(user.role, required.permission))) {
      throw new ForbiddenException(permissionDeniedMessage(required.permission, required.deniedAction));
    }
    if (user) this.writes?.check(user, request.method, [context.getHandler(), context.getClass()]);
    return true;
  }
}
