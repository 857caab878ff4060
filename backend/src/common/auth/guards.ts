import { type CanActivate, type ExecutionContext, ForbiddenException, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import type { AuthUser } from './auth-user';
import { SESSION_ENDED, TWO_FACTOR_SETUP_REQUIRED } from './auth-user';
import { hasPermission, type Permission, permissionDeniedMessage } from './roles';

export const PERMISSION_KEY = 'duty-manager:permission';
/** Marks the routes an admin who must still turn on two-step verification may reach. */
export const BEFORE_TWO_FACTOR_SETUP_KEY = 'duty-manager:before-two-factor-setup';

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
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const targets = [context.getHandler(), context.getClass()];
    const user = context.switchToHttp().getRequest<{ user?: AuthUser }>().user;
    // An admin whose organisation requires two-step verification and who hasn't turned it on
    // reaches only its setup (docs/product.md#two-step-verification), whatever their role allows.
    if (user?.twoFactorSetupRequired && !this.reflector.getAllAndOverride<boolean>(BEFORE_TWO_FACTOR_SETUP_KEY, targets)) {
      throw new ForbiddenException({ message: TWO_FACTOR_SETUP_REQUIRED, code: 'two_factor_setup_required' });
    }
    const required = this.reflector.getAllAndOverride<RequiredPermission | undefined>(PERMISSION_KEY, targets);
    if (!required) return true;
    if (!user || !hasPermission(user.role, required.permission)) {
      throw new ForbiddenException(permissionDeniedMessage(required.permission, required.deniedAction));
    }
    return true;
  }
}
