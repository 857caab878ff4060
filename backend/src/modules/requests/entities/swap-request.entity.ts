import { randomUUID } from 'node:crypto';
import { OptionalProps, type Ref } from '@mikro-orm/core';
import { Check, Entity, Enum, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { TenantScopedEntity } from '../../../tenancy/tenant-scoped.entity';
import { User } from '../../auth/entities/user.entity';
import { Staff } from '../../staff/entities/staff.entity';
import { SWAP_STATUSES, type SwapStatus } from './request-status';
import { Duty } from '../../duties/entities/duty.entity';

/**
 * A request that `target` takes over `requester`'s duty on `originalDate` (docs/product.md#swap-requests):
 * when `swapDate` equals `originalDate` it is a cover; otherwise a trade in which the requester
 * takes the target's duty on `swapDate` in return. An `open` request is a cover offered to every
 * colleague who can take it: its target is whoever accepts first. It is of a duty (`duty`, the
 * Duty Manager duty when written without one); a trade names the target's duty it gives back too
 * (`swapDuty`, the same duty when written without one: the trigger `swap_requests_duties_by_default`).
 */
@Entity({ tableName: 'swap_requests' })
@Index({ properties: ['organization', 'status', 'createdAt'] })
@Check({ name: 'swap_requests_different_people', expression: 'requester_id <> target_id' })
@Check({ name: 'swap_requests_target_unless_open', expression: 'target_id is not null or open' })
@Check({ name: 'swap_requests_open_is_cover', expression: 'not open or original_date = swap_date' })
export class SwapRequest extends TenantScopedEntity {
  [OptionalProps]?:
    'organization' | 'duty' | 'swapDuty' | 'status' | 'open' | 'approvedUnanswered' | 'processedAutomatically' | 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => Staff, { ref: true, deleteRule: 'restrict' })
  requester!: Ref<Staff>;

  /** The colleague asked; for an open request empty until someone accepts. */
  @ManyToOne(() => Staff, { ref: true, nullable: true, deleteRule: 'restrict' })
  target?: Ref<Staff> | null;

  /** Offered to every colleague who can take it; the first to accept becomes the target. */
  @Property({ type: 'boolean', default: false })
  open = false;

  /** The requester's duty that the target takes over on originalDate. */
  @ManyToOne(() => Duty, { ref: true, deleteRule: 'no action' })
  duty!: Ref<Duty>;

  /** The target's duty on swapDate that the requester takes in a trade; `duty` for a cover. */
  @ManyToOne(() => Duty, { ref: true, deleteRule: 'no action' })
  swapDuty!: Ref<Duty>;

  @Property({ type: 'date' })
  originalDate!: string;

  @Property({ type: 'date' })
  swapDate!: string;

  @Property({ type: 'string', length: 500 })
  reason!: string;

  @Enum({ items: () => SWAP_STATUSES, default: 'awaiting_colleague' })
  status: SwapStatus = 'awaiting_colleague';

  /** When the colleague accepted or declined. */
  @Property({ type: 'datetime', nullable: true })
  answeredAt?: Date | null;

  /** An admin approved it before the colleague answered. */
  @Property({ type: 'boolean', default: false })
  approvedUnanswered = false;

  /** The signed-in user who made the request (the requester, or an admin on their behalf). */
  @ManyToOne(() => User, { ref: true, nullable: true, deleteRule: 'set null' })
  createdBy?: Ref<User> | null;

  /** Who approved, rejected or withdrew it; empty while open and when auto-approval decided. */
  @ManyToOne(() => User, { ref: true, nullable: true, deleteRule: 'set null' })
  decidedBy?: Ref<User> | null;

  @Property({ type: 'datetime', nullable: true })
  decidedAt?: Date | null;

  /** Approved at once by the organisation's auto-approval setting. */
  @Property({ type: 'boolean', default: false })
  processedAutomatically = false;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
