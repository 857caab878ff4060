import { randomUUID } from 'node:crypto';
import { Check, Entity, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { TenantScopedEntity } from '../../../tenancy/tenant-scoped.entity';

/** New organisations start with the two slots a day the spec's views show (PRODUCT.md). */
export const DEFAULT_DUTY_MANAGERS_PER_DAY = 2;
export const MIN_DUTY_MANAGERS_PER_DAY = 1;
export const MAX_DUTY_MANAGERS_PER_DAY = 5;

/**
 * One organisation's settings (spec §3 system_settings). The row is created on first use;
 * rota writes read it `FOR SHARE` and settings changes `FOR UPDATE`, so a change of the number
 * of slots and an assignment never interleave.
 */
@Entity({ tableName: 'system_settings' })
@Unique({ properties: ['organization'] })
@Check({ name: 'system_settings_duty_managers_per_day_range', expression: 'duty_managers_per_day >= 1 and duty_managers_per_day <= 5' })
export class SystemSettings extends TenantScopedEntity {
  [OptionalProps]?: 'organization' | 'dutyManagersPerDay' | 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  /** How many duty managers each weekday has: the number of slots of every rota day. */
  @Property({ type: 'smallint', default: DEFAULT_DUTY_MANAGERS_PER_DAY })
  dutyManagersPerDay: number = DEFAULT_DUTY_MANAGERS_PER_DAY;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
