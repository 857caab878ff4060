import type { EntityManager } from '@mikro-orm/postgresql';
import type { Clock, IsoDate } from '../../common/clock/clock';
import { TenantContext } from '../../tenancy/tenant-context';
import { Organization } from './entities/organization.entity';

/** The current organisation's IANA time zone, in which its dates and reminder times are read. */
export async function organizationZone(em: EntityManager): Promise<string> {
  return (await em.findOneOrFail(Organization, { id: TenantContext.require() })).timezone;
}

/** Today's date in the current organisation's time zone (docs/product.md#time-and-the-academic-year: "today" is the organisation's). */
export async function organizationToday(em: EntityManager, clock: Clock): Promise<IsoDate> {
  return clock.today(await organizationZone(em));
}
