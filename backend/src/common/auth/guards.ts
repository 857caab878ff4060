import { type CanActivate, type ExecutionContext, ForbiddenException, Injectable, Optional, UnauthorizedException } from '@nestjs/common';
import { ModuleRef, Reflector } from '@nestjs/core';
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
  abstract check(
    user: AuthUser,
    method: string,
    targets: [ReturnType<ExecutionContext['getHandler']>, ReturnType<ExecutionContext['getClass']>],
  ): void;
}

/** What a route needs; `deniedAction` words the refusal when the permission's own wording is too broad. */
export interface RequiredPermission {
  permission: Permission;
  deniedAction?: string;
}

/**
 * Signs a request's caller in from its bearer token: the auth module's passport-jwt strategy
 * (modules/auth/jwt.strategy.ts), provided under this class so this guard needn't import a module.
 */
export abstract class SessionAuthenticator {
  /**
   * The caller. Rejects with SessionRefused (passport-jwt's reason) when the token is missing or
   * refused, and with the session check's own error otherwise (an ended session's 401; the
   * database down: a 503).
   */
  abstract authenticateRequest(request: unknown): Promise<AuthUser>;
}

/** passport-jwt's reason for refusing a request's token, carried to JwtAuthGuard's wording. */
export class SessionRefused extends Error {
  constructor(readonly reason: unknown) {
    super('session refused');
  }
}

/**
 * The session check of every `@Authenticated()` route: passport-jwt's strategy (JwtStrategy), asked
 * directly rather than through @nestjs/passport's AuthGuard and `passport.authenticate`, which per
 * request spread the options three times, built the passport context's closures and a promise,
 * installed six login helpers on the request and copied the strategy with `Object.create`
 * (docs/performance.md#api-at-scale). The answers are AuthGuard's: `request.user` set, the same 401
 * messages.
 */
@Injectable()
export class JwtAuthGuard implements CanActivate {
  private authenticator?: SessionAuthenticator;

  constructor(private readonly moduleRef: ModuleRef) {}

  canActivate(context: ExecutionContext): Promise<boolean> {
    // The request is the first of the route's arguments: switchToHttp() would make an object to say so.
    const request = context.getArgByIndex<{ user?: AuthUser }>(0);
    this.authenticator ??= this.moduleRef.get(SessionAuthenticator, { strict: false });
    return this.authenticator.authenticateRequest(request).then(
      (user) => {
        request.user = user;
        return true;
      },
      (err: unknown) => {
        // A failure to check the token (the database is down: 503) is not a reason to end the session.
        if (!(err instanceof SessionRefused)) throw err;
        const reason = err.reason as { name?: string; message?: string } | undefined;
        if (reason?.name === 'TokenExpiredError') throw new UnauthorizedException(SESSION_ENDED);
        if (reason?.message === 'No auth token') throw new UnauthorizedException('Please sign in to continue.');
        throw new UnauthorizedException(SESSION_ENDED);
      },
    );
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
    const request = context.getArgByIndex<{ user?: AuthUser; method: string }>(0);
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
