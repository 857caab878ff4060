import type { EntityManager } from '@mikro-orm/postgresql';
import type { Clock, IsoDate } from '../../common/clock/clock';
import { Organization } from './entities/organization.entity';

/** The organisation's IANA time zone, in which its dates and reminder times are read. */
export async function organizationZone(em: EntityManager, organizationId: string): Promise<string> {
  return (await em.findOneOrFail(Organization, { id: organizationId })).timezone;
}

/** Today's date in the organisation's time zone (docs/product.md#time-and-the-academic-year: "today" is the organisation's). */
export async function organizationToday(em: EntityManager, clock: Clock, organizationId: string): Promise<IsoDate> {
  return clock.today(await organizationZone(em, organizationId));
}
