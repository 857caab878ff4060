import { OptionalProps, type Ref } from '@mikro-orm/core';
import { Entity, ManyToOne, Property } from '@mikro-orm/decorators/legacy';
import { Organization } from '../../tenants/entities/organization.entity';

/**
 * How many times the content of an organisation's calendar feeds has changed: the cheap source of
 * the feeds' ETag, so a calendar app's If-None-Match is answered without building the feed
 * (docs/architecture.md#calendar-feeds). The app never writes it: triggers on every table a feed
 * reads (rota_days, rota_slots, staff, holidays) bump it once per organisation per committed
 * transaction, whatever code — the ORM, raw SQL, a data fix — made the change. Read by raw SQL
 * only, with the feed token; a missing row is revision 0.
 */
@Entity({ tableName: 'calendar_feed_revisions' })
export class CalendarFeedRevision {
  [OptionalProps]?: 'revision';

  @ManyToOne(() => Organization, { primary: true, ref: true, deleteRule: 'cascade' })
  organization!: Ref<Organization>;

  @Property({ type: 'bigint', defaultRaw: '0' })
  revision: string = '0';
}
