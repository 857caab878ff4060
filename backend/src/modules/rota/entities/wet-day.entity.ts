import { randomUUID } from 'node:crypto';
import { OptionalProps } from '@mikro-orm/core';
import { Entity, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { TenantScopedEntity } from '../../../tenancy/tenant-scoped.entity';

/**
 * A day an admin, a manager or the day's duty manager marked wet (docs/product.md#duties): the
 * duties with a wet-weather post are at that post on the day. Unmarking deletes the row.
 */
@Entity({ tableName: 'wet_days' })
@Unique({ properties: ['organization', 'date'] })
export class WetDay extends TenantScopedEntity {
  [OptionalProps]?: 'organization' | 'createdAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'date' })
  date!: string;

  /** The account that marked it. */
  @Property({ type: 'uuid' })
  markedBy!: string;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
