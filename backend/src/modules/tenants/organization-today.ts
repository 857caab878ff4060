import { type EntityManager, wrap } from '@mikro-orm/postgresql';
import { ClsServiceManager } from 'nestjs-cls';
import type { Clock, IsoDate } from '../../common/clock/clock';
import { TenantContext } from '../../tenancy/tenant-context';
import { Organization } from './entities/organization.entity';

const SESSION_ZONE_KEY = 'session.organizationZone';

/**
 * Kept by the JWT strategy for the rest of the request, once it has set the tenant context: the
 * signed-in user's organisation's time zone as the session statement read it (that statement runs
 * on every authenticated request), so "today" needs neither a query nor the organisation as an
 * entity.
 */
export function rememberSessionZone(timezone: string): void {
  ClsServiceManager.getClsService().set(SESSION_ZONE_KEY, { organizationId: TenantContext.require(), timezone });
}

/**
 * The current organisation's IANA time zone, in which its dates and reminder times are read. An
 * organisation this request has loaded (and perhaps just changed) wins; then the one the session
 * statement read for this request; otherwise it is loaded (cron, calendar feeds, sign-in).
 */
export async function organizationZone(em: EntityManager): Promise<string> {
  const id = TenantContext.require();
  const loaded = em.getUnitOfWork().getById<Organization>(Organization, id);
  if (loaded && wrap(loaded).isInitialized()) return loaded.timezone;
  const cls = ClsServiceManager.getClsService();
  const session = cls.isActive() ? cls.get<{ organizationId: string; timezone: string } | undefined>(SESSION_ZONE_KEY) : undefined;
  if (session?.organizationId === id) return session.timezone;
  return (await em.findOneOrFail(Organization, { id })).timezone;
}

/** Today's date in the current organisation's time zone (docs/product.md#time-and-the-academic-year: "today" is the organisation's). */
export async function organizationToday(em: EntityManager, clock: Clock): Promise<IsoDate> {
  return clock.today(await organizationZone(em));
}
