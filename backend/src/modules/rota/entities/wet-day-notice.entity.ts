import { randomUUID } from 'node:crypto';
import { OptionalProps } from '@mikro-orm/core';
import { Entity, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { TenantScopedEntity } from '../../../tenancy/tenant-scoped.entity';

/**
 * That a person was told their post moves on a wet day (docs/product.md#duties): one row per
 * organisation, date and staff member, kept when the day is unmarked, so marking the day again
 * tells nobody twice.
 */
@Entity({ tableName: 'wet_day_notices' })
@Unique({ properties: ['organization', 'date', 'staffId'] })
export class WetDayNotice extends TenantScopedEntity {
  [OptionalProps]?: 'organization' | 'createdAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'date' })
  date!: string;

  @Property({ type: 'uuid' })
  staffId!: string;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
