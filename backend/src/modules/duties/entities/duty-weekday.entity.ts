import { OptionalProps, type Ref } from '@mikro-orm/core';
import { Check, Entity, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { TenantScopedEntity } from '../../../tenancy/tenant-scoped.entity';
import { Duty } from './duty.entity';

/**
 * A weekday a duty runs on and how many people it needs that day (docs/product.md#duties). A
 * weekday without a row: the duty doesn't run. The Duty Manager duty has none: its people per
 * day are the settings' duty managers per day, every weekday.
 */
@Entity({ tableName: 'duty_weekdays' })
@Check({ name: 'duty_weekdays_weekday_range', expression: 'weekday >= 1 and weekday <= 5' })
@Check({ name: 'duty_weekdays_people_range', expression: 'people >= 1 and people <= 10' })
export class DutyWeekday extends TenantScopedEntity {
  [OptionalProps]?: 'organization';

  @ManyToOne(() => Duty, { ref: true, primary: true, deleteRule: 'cascade' })
  duty!: Ref<Duty>;

  /** ISO weekday: 1 = Monday … 5 = Friday. */
  @PrimaryKey({ type: 'smallint' })
  weekday!: number;

  @Property({ type: 'smallint' })
  people!: number;
}
