import { Injectable } from '@nestjs/common';
import { Clock, type IsoDate } from '../../common/clock/clock';
import { TenantContext } from '../../tenancy/tenant-context';
import { sessionZone } from './organization-today';
import { OrganizationsRepository } from './organizations.repository';

/**
 * The current organisation's clock: its IANA time zone, in which its dates and reminder times are
 * read, and its today (docs/product.md#time-and-the-academic-year: "today" is the organisation's).
 */
@Injectable()
export class OrganizationClock {
  constructor(
    private readonly organizations: OrganizationsRepository,
    private readonly clock: Clock,
  ) {}

  /**
   * An organisation this request has loaded (and perhaps just changed) wins; then the one the
   * session statement read for this request; otherwise it is loaded (cron, calendar feeds, sign-in).
   */
  async zone(): Promise<string> {
    const id = TenantContext.require();
    return this.organizations.loadedTimezone(id) ?? sessionZone() ?? (await this.organizations.timezone(id));
  }

  /** Today's date in the current organisation's time zone. */
  async today(): Promise<IsoDate> {
    return this.clock.today(await this.zone());
  }
}
