import { randomUUID } from 'node:crypto';
import { OptionalProps } from '@mikro-orm/core';
import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { TenantScopedEntity } from '../../../tenancy/tenant-scoped.entity';

/**
 * A plan of a period kept apart from the rota (docs/product.md#drafts): its people are its
 * DraftSlots, which no rota read, feed, reminder or email sees. Publishing copies them onto the
 * rota and stamps `publishedAt`; discarding sets `discarded`. Either ends it: an open draft is one
 * with neither.
 */
@Entity({ tableName: 'rota_drafts' })
@Index({ properties: ['organization', 'startDate'] })
export class RotaDraft extends TenantScopedEntity {
  [OptionalProps]?: 'organization' | 'createdAt' | 'publishedAt' | 'discarded' | 'dutyIds';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'varchar', length: 100 })
  name!: string;

  @Property({ type: 'date' })
  startDate!: string;

  @Property({ type: 'date' })
  endDate!: string;

  /** The duties the draft plans; null: every duty the school ran when it was made. */
  @Property({ type: 'json', nullable: true })
  dutyIds: string[] | null = null;

  /** The account that made it. */
  @Property({ type: 'uuid' })
  createdBy!: string;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime', nullable: true })
  publishedAt: Date | null = null;

  @Property({ type: 'boolean', default: false })
  discarded = false;
}
