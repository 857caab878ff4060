import { type CallHandler, ConflictException, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Observable } from 'rxjs';
import type { AuthUser } from '../../common/auth/auth-user';
import { WHILE_DELETION_PENDING_KEY } from '../../common/auth/authenticated.decorator';
import { sessionZone } from '../tenants/organization-today';
import { DELETION_PENDING_CODE, readOnlyMessage } from './organization-deletion-message';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const DEFAULT_ZONE = 'Europe/London';

/**
 * While an organisation waits to be deleted it is read-only (docs/security.md#deleting-an-organisation):
 * every write of a signed-in member is refused with 409, naming the day and how to restore it,
 * except the routes marked AllowedWhileDeletionPending (sign out, re-authenticate, restore, the
 * export). Reads still work. It decides from what the session statement already read with the
 * organisation (AuthUser.organizationDeletionDueAt): no statement of its own. An interceptor, not a
 * guard, because the route's own guards sign the caller in first. Scheduled jobs are not requests
 * and are not held back.
 */
@Injectable()
export class OrganizationDeletionInterceptor implements NestInterceptor {
  constructor(private readonly reflector: Reflector) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const req = context.switchToHttp().getRequest<{ method: string; user?: AuthUser }>();
    const dueAt = req.user?.organizationDeletionDueAt;
    if (!dueAt || !WRITES.has(req.method)) return next.handle();
    if (this.reflector.getAllAndOverride<boolean>(WHILE_DELETION_PENDING_KEY, [context.getHandler(), context.getClass()])) return next.handle();
    throw new ConflictException({ message: readOnlyMessage(dueAt, sessionZone() ?? DEFAULT_ZONE), code: DELETION_PENDING_CODE });
  }
}
