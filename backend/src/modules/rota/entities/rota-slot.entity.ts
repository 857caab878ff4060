import { randomUUID } from 'node:crypto';
import { OptionalProps, type Ref } from '@mikro-orm/core';
import { Check, Entity, Index, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { TenantScopedEntity } from '../../../tenancy/tenant-scoped.entity';
import { Duty } from '../../duties/entities/duty.entity';
import { Staff } from '../../staff/entities/staff.entity';
import { RotaDay } from './rota-day.entity';

/** Why a slot is pinned: an approved swap, a cover, a hand edit, an override. */
export type PinReason = 'swap' | 'cover' | 'hand' | 'override';

export const PIN_REASONS: readonly PinReason[] = ['swap', 'cover', 'hand', 'override'];

/**
 * One person on one duty on one day, in slot `position` (1 = Duty Manager 1). The database holds
 * the hard rules no request can get round: one person per slot of a duty, a person at most once a
 * day on a duty, positions 1–10, and (the trigger `rota_slots_within_limit`) no position beyond
 * the organisation's duty managers per day for the Duty Manager duty, or beyond that weekday's
 * people for any other. `date` repeats the day's date so counts need no join.
 * A slot written without a duty is the Duty Manager duty's (the trigger `rota_slots_duty_manager_by_default`).
 */
@Entity({ tableName: 'rota_slots' })
@Unique({ name: 'rota_slots_day_position_unique', properties: ['day', 'duty', 'position'] })
@Unique({ name: 'rota_slots_day_staff_unique', properties: ['day', 'duty', 'staff'] })
@Index({ properties: ['organization', 'date'] })
@Index({ properties: ['organization', 'staff', 'date'] })
@Check({ name: 'rota_slots_position_range', expression: 'position >= 1 and position <= 10' })
@Check({ name: 'rota_slots_pinned_reason_check', expression: "pinned_reason is null or pinned_reason in ('swap', 'cover', 'hand', 'override')" })
export class RotaSlot extends TenantScopedEntity {
  [OptionalProps]?: 'organization' | 'createdAt' | 'override' | 'duty' | 'pinned' | 'pinnedReason';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => RotaDay, { ref: true, deleteRule: 'cascade', fieldName: 'rota_day_id' })
  day!: Ref<RotaDay>;

  /** The duty the slot is of. */
  @ManyToOne(() => Duty, { ref: true, deleteRule: 'no action' })
  duty!: Ref<Duty>;

  @Property({ type: 'date' })
  date!: string;

  @Property({ type: 'smallint' })
  position!: number;

  @ManyToOne(() => Staff, { ref: true, deleteRule: 'restrict' })
  staff!: Ref<Staff>;

  /**
   * Given by hand, with a confirmation, on a weekday outside the person's working pattern or above
   * their weekly cap (docs/product.md#assigning-by-hand): the rota check lets it stand.
   */
  @Property({ type: 'boolean', default: false })
  override = false;

  /**
   * Put there by an approved swap, an accepted cover, a hand edit or an override
   * (docs/product.md#pinned-duties): no bulk tool, engine run or repair moves it until unpinned.
   * A hard rule still beats a pin.
   */
  @Property({ type: 'boolean', default: false })
  pinned = false;

  /** Why the slot is pinned; null when it is not. */
  @Property({ type: 'text', nullable: true })
  pinnedReason: PinReason | null = null;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
