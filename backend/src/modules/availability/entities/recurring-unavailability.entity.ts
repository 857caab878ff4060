import { randomUUID } from 'node:crypto';
import { OptionalProps, type Ref } from '@mikro-orm/core';
import { Check, Entity, Enum, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { TenantScopedEntity } from '../../../tenancy/tenant-scoped.entity';
import { User } from '../../auth/entities/user.entity';
import { Staff, weekdaysColumn } from '../../staff/entities/staff.entity';

/** The two weeks of a two-week timetable (docs/product.md#unavailability); which is which follows the organisation's Week A. */
export const TIMETABLE_WEEKS = ['A', 'B'] as const;
export type TimetableWeek = (typeof TIMETABLE_WEEKS)[number];

/**
 * A weekly commitment (docs/product.md#unavailability): `staff` can't be on duty on `weekdays`
 * (ISO, 1 = Monday … 5 = Friday) from `startDate` to `endDate`, inclusive — every week, or with
 * `everyOtherWeek` only in Week A or B of the organisation's two-week timetable.
 */
@Entity({ tableName: 'recurring_unavailability' })
// Named as MikroORM 6 named it: 7 hashes long names differently (FNV-1a, not md5).
@Index({ name: 'recurring_unavailability_organization_id_staff_id__ff45e_index', properties: ['organization', 'staff', 'startDate'] })
@Check({ name: 'recurring_unavailability_dates_in_order', expression: 'end_date >= start_date' })
@Check({ name: 'recurring_unavailability_weekdays', expression: "cardinality(weekdays) >= 1 and weekdays <@ '{1,2,3,4,5}'::smallint[]" })
@Check({
  name: 'recurring_unavailability_times_format',
  expression:
    "(start_time is null or start_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$') and (end_time is null or end_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$')",
})
@Check({
  name: 'recurring_unavailability_times_together_in_order',
  expression: '(start_time is null and end_time is null) or (start_time is not null and end_time is not null and start_time < end_time)',
})
@Check({
  name: 'recurring_unavailability_week_when_every_other',
  expression: '(every_other_week and week is not null) or (not every_other_week and week is null)',
})
export class RecurringUnavailability extends TenantScopedEntity {
  [OptionalProps]?: 'organization' | 'everyOtherWeek' | 'week' | 'startTime' | 'endTime' | 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => Staff, { ref: true, deleteRule: 'cascade' })
  staff!: Ref<Staff>;

  /** ISO weekdays, 1 = Monday … 5 = Friday, sorted. */
  @Property({ type: weekdaysColumn(), columnType: 'smallint[]' })
  weekdays!: number[];

  @Property({ type: 'date' })
  startDate!: string;

  @Property({ type: 'date' })
  endDate!: string;

  /** Only in one week of a two-week timetable: the one `week` names. */
  @Property({ type: 'boolean', default: false })
  everyOtherWeek = false;

  /** `A` or `B` when `everyOtherWeek`, else null. */
  @Enum({ items: () => TIMETABLE_WEEKS, nullable: true })
  week?: TimetableWeek | null;

  /**
   * `HH:mm` on its days, both null for the whole day: a timed commitment (a lunchtime club) keeps
   * its person off the duties whose times it overlaps, not off the day.
   */
  @Property({ type: 'string', length: 5, nullable: true })
  startTime?: string | null;

  @Property({ type: 'string', length: 5, nullable: true })
  endTime?: string | null;

  @Property({ type: 'string', length: 500 })
  reason!: string;

  @ManyToOne(() => User, { ref: true, nullable: true, deleteRule: 'set null' })
  createdBy?: Ref<User> | null;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
