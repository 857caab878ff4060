import type { EntityManager } from '@mikro-orm/postgresql';
import type { Clock, IsoDate } from '../../common/clock/clock';
import { Organization } from './entities/organization.entity';

/** Today's date in the organisation's time zone (PRODUCT.md: "today" is the organisation's). */
export async function organizationToday(em: EntityManager, clock: Clock, organizationId: string): Promise<IsoDate> {
  const organization = await em.findOneOrFail(Organization, { id: organizationId });
  return clock.today(organization.timezone);
}
