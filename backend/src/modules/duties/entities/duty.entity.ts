import { randomUUID } from 'node:crypto';
import { OptionalProps } from '@mikro-orm/core';
import { Check, Entity, Enum, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { TenantScopedEntity } from '../../../tenancy/tenant-scoped.entity';

/** Who may take a duty: everyone, only teaching or only non-teaching staff, or the groups and people it lists. */
export const DUTY_ELIGIBILITY = ['everyone', 'teaching', 'non_teaching', 'listed'] as const;
export type DutyEligibility = (typeof DUTY_ELIGIBILITY)[number];

/**
 * A duty the school runs (docs/product.md#duties): its name, place, time window on school days
 * ("all day" without one), what the post involves, who may take it and its weight for fairness.
 * Every organisation has exactly one Duty Manager duty (`isDutyManager`), given by the database
 * when the organisation is created: its need per day and its teaching mix are the settings'
 * `dutyManagersPerDay` and `mixMode`, it runs all day and can't be paused.
 */
@Entity({ tableName: 'duties' })
// One Duty Manager duty per organisation: `is_duty_manager` is true on it and null on every other.
@Unique({
  name: 'duties_one_duty_manager',
  properties: ['organization', 'isDutyManager'],
})
// A name is unique in the organisation among its duties not deleted, whatever its case: `name_key`
// is the name lower-cased while the duty stands, null once it is deleted (archived).
@Unique({
  name: 'duties_name_unique',
  properties: ['organization', 'nameKey'],
})
@Check({
  name: 'duties_is_duty_manager_true_or_null',
  expression: 'is_duty_manager is null or is_duty_manager',
})
@Check({
  name: 'duties_times_format',
  expression:
    "(start_time is null or start_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$') and (end_time is null or end_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$')",
})
@Check({
  name: 'duties_times_together_in_order',
  expression: '(start_time is null and end_time is null) or (start_time is not null and end_time is not null and start_time < end_time)',
})
@Check({
  name: 'duties_weight_range',
  expression: 'weight >= 1 and weight <= 600',
})
@Check({
  name: 'duties_duty_manager_all_day_running',
  expression: 'is_duty_manager is null or (start_time is null and not paused and archived_at is null)',
})
export class Duty extends TenantScopedEntity {
  [OptionalProps]?:
    | 'organization'
    | 'isDutyManager'
    | 'place'
    | 'wetPlace'
    | 'description'
    | 'startTime'
    | 'endTime'
    | 'eligible'
    | 'pairsTeaching'
    | 'sortOrder'
    | 'paused'
    | 'nameKey'
    | 'archivedAt'
    | 'createdAt'
    | 'updatedAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  /** True on the organisation's Duty Manager duty, null on every other. */
  @Property({ type: 'boolean', nullable: true })
  isDutyManager?: true | null;

  @Property({ type: 'string', length: 100 })
  name!: string;

  /** The name lower-cased while the duty stands (what "already exists" compares); null once deleted. */
  @Property({ type: 'string', length: 100, nullable: true })
  nameKey?: string | null;

  /** Where the post is: "Main gate", "Field". */
  @Property({ type: 'string', length: 100, nullable: true })
  place?: string | null;

  /** Where the post moves on a wet day (docs/product.md#duties): "Hall"; null: it stays put. */
  @Property({ type: 'string', length: 100, nullable: true })
  wetPlace?: string | null;

  /** What the post involves, shown to whoever is on it. */
  @Property({ type: 'text', default: '' })
  description = '';

  /** `HH:mm` on school days; both null for an all-day duty. */
  @Property({ type: 'string', length: 5, nullable: true })
  startTime?: string | null;

  @Property({ type: 'string', length: 5, nullable: true })
  endTime?: string | null;

  /** Its weight for fairness: its minutes by default. */
  @Property({ type: 'smallint' })
  weight!: number;

  @Enum({ items: () => DUTY_ELIGIBILITY, default: 'everyone' })
  eligible: DutyEligibility = 'everyone';

  /** Whether the teaching/non-teaching mix setting applies to its people (always for the Duty Manager duty). */
  @Property({ type: 'boolean', default: false })
  pairsTeaching = false;

  /** Its place in the school's list of duties, from 0. */
  @Property({ type: 'integer', default: 0 })
  sortOrder = 0;

  /** Not planned while paused. */
  @Property({ type: 'boolean', default: false })
  paused = false;

  /** When the duty was deleted: it is no longer listed or planned; its past assignments stay. */
  @Property({ type: 'datetime', nullable: true })
  archivedAt?: Date | null;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({
    type: 'datetime',
    defaultRaw: 'now()',
    onUpdate: () => new Date(),
  })
  updatedAt: Date = new Date();
}
