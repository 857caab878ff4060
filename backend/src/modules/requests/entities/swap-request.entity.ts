import { randomUUID } from 'node:crypto';
import { Check, Entity, Enum, Index, ManyToOne, OptionalProps, PrimaryKey, Property, type Ref } from '@mikro-orm/core';
import { TenantScopedEntity } from '../../../tenancy/tenant-scoped.entity';
import { User } from '../../auth/entities/user.entity';
import { Staff } from '../../staff/entities/staff.entity';
import { REQUEST_STATUSES, type RequestStatus } from './request-status';

/**
 * A request that `target` takes over `requester`'s duty on `originalDate` (docs/product.md#swap-requests
 * "Requests"): when `swapDate` equals `originalDate` it is a cover; otherwise a trade in which
 * the requester takes the target's duty on `swapDate` in return.
 */
@Entity({ tableName: 'swap_requests' })
@Index({ properties: ['organization', 'status', 'createdAt'] })
@Check({ name: 'swap_requests_different_people', expression: 'requester_id <> target_id' })
export class SwapRequest extends TenantScopedEntity {
  [OptionalProps]?: 'organization' | 'status' | 'processedAutomatically' | 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => Staff, { ref: true, deleteRule: 'restrict' })
  requester!: Ref<Staff>;

  @ManyToOne(() => Staff, { ref: true, deleteRule: 'restrict' })
  target!: Ref<Staff>;

  @Property({ type: 'date' })
  originalDate!: string;

  @Property({ type: 'date' })
  swapDate!: string;

  @Property({ type: 'string', length: 500 })
  reason!: string;

  @Enum({ items: () => REQUEST_STATUSES, default: 'pending' })
  status: RequestStatus = 'pending';

  /** The signed-in user who made the request (the requester, or an admin on their behalf). */
  @ManyToOne(() => User, { ref: true, nullable: true, deleteRule: 'set null' })
  createdBy?: Ref<User> | null;

  /** Who approved or rejected it; empty while pending and when auto-approval decided. */
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
