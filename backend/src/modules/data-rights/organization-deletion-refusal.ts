import { ConflictException, Global, Injectable, Module } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { AuthUser } from '../../common/auth/auth-user';
import { WHILE_DELETION_PENDING_KEY } from '../../common/auth/authenticated.decorator';
import { WriteRefusal } from '../../common/auth/guards';
import { sessionZone } from '../tenants/organization-today';
import { DELETION_PENDING_CODE, readOnlyMessage } from './organization-deletion-message';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const DEFAULT_ZONE = 'Europe/London';

/**
 * While an organisation waits to be deleted it is read-only (docs/security.md#deleting-an-organisation):
 * every write of a signed-in member is refused with 409, naming the day and how to restore it,
 * except the routes marked AllowedWhileDeletionPending (sign out, re-authenticate, restore, the
 * export). Reads still work. It decides from what the session statement already read with the
 * organisation (AuthUser.organizationDeletionDueAt): no statement of its own. Every signed-in
 * route's PermissionGuard asks it once the caller is signed in and allowed (`WriteRefusal`).
 * Scheduled jobs are not requests and are not held back.
 */
@Injectable()
export class OrganizationDeletionRefusal extends WriteRefusal {
  constructor(private readonly reflector: Reflector) {
    super();
  }

  check(user: AuthUser, method: string, targets: Parameters<WriteRefusal['check']>[2]): void {
    const dueAt = user.organizationDeletionDueAt;
    if (!dueAt || !WRITES.has(method)) return;
    if (this.reflector.getAllAndOverride<boolean>(WHILE_DELETION_PENDING_KEY, targets)) return;
    throw new ConflictException({ message: readOnlyMessage(dueAt, sessionZone() ?? DEFAULT_ZONE), code: DELETION_PENDING_CODE });
  }
}

/** Provides the rule to every module's PermissionGuard. */
@Global()
@Module({ providers: [{ provide: WriteRefusal, useClass: OrganizationDeletionRefusal }], exports: [WriteRefusal] })
export class OrganizationReadOnlyModule {}
