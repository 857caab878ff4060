import { ClsServiceManager } from 'nestjs-cls';
import { TenantContext } from '../../tenancy/tenant-context';

/** A symbol: read as the store's own property (tenant-context.ts). */
const SESSION_ZONE_KEY = Symbol('session.organizationZone');

/**
 * Kept by the JWT strategy for the rest of the request, once it has set the tenant context: the
 * signed-in user's organisation's time zone as the session statement read it (that statement runs
 * on every authenticated request), so "today" needs neither a query nor the organisation as an
 * entity (OrganizationClock, organization-clock.ts).
 */
export function rememberSessionZone(timezone: string): void {
  ClsServiceManager.getClsService().set(SESSION_ZONE_KEY, { organizationId: TenantContext.require(), timezone });
}

/** The time zone the session statement read for this request, if it read the current organisation's. */
export function sessionZone(): string | undefined {
  const cls = ClsServiceManager.getClsService();
  const session = cls.isActive() ? cls.get<{ organizationId: string; timezone: string } | undefined>(SESSION_ZONE_KEY) : undefined;
  return session?.organizationId === TenantContext.require() ? session.timezone : undefined;
}
