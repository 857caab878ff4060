import { randomUUID } from 'node:crypto';
import { Entity, Enum, Index, ManyToOne, OptionalProps, PrimaryKey, Property, type Ref } from '@mikro-orm/core';
import { TenantScopedEntity } from '../../../tenancy/tenant-scoped.entity';
import { User } from '../../auth/entities/user.entity';
import { Staff } from '../../staff/entities/staff.entity';
import { REQUEST_STATUSES, type RequestStatus } from './request-status';
import { StaffUnavailability } from '../../availability/entities/staff-unavailability.entity';

export const CANCEL_SOURCES = ['request', 'unavailability'] as const;
export type CancelSource = (typeof CANCEL_SOURCES)[number];

/**
 * A request to take `staff` off their duty on `date`. Approval removes them and, with auto-fill
 * on, puts the least-loaded eligible person in the slot (`replacement`). Duties removed because
 * of an unavailability period are kept here as approved cancellations (`source`).
 */
@Entity({ tableName: 'cancel_requests' })
@Index({ properties: ['organization', 'status', 'createdAt'] })
@Index({ properties: ['organization', 'staff', 'date'] })
export class CancelRequest extends TenantScopedEntity {
  [OptionalProps]?: 'organization' | 'status' | 'source' | 'processedAutomatically' | 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => Staff, { ref: true, deleteRule: 'restrict' })
  staff!: Ref<Staff>;

  @Property({ type: 'date' })
  date!: string;

  @Property({ type: 'string', length: 500 })
  reason!: string;

  @Enum({ items: () => REQUEST_STATUSES, default: 'pending' })
  status: RequestStatus = 'pending';

  @Enum({ items: () => CANCEL_SOURCES, default: 'request' })
  source: CancelSource = 'request';

  /** The unavailability period that removed the duty (source `unavailability`). */
  @ManyToOne(() => StaffUnavailability, { ref: true, nullable: true, deleteRule: 'set null' })
  unavailability?: Ref<StaffUnavailability> | null;

  /** Who auto-fill put in the freed slot, if anyone. */
  @ManyToOne(() => Staff, { ref: true, nullable: true, deleteRule: 'restrict' })
  replacement?: Ref<Staff> | null;

  @ManyToOne(() => User, { ref: true, nullable: true, deleteRule: 'set null' })
  createdBy?: Ref<User> | null;

  @ManyToOne(() => User, { ref: true, nullable: true, deleteRule: 'set null' })
  decidedBy?: Ref<User> | null;

  @Property({ type: 'datetime', nullable: true })
  decidedAt?: Date | null;

  @Property({ type: 'boolean', default: false })
  processedAutomatically = false;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
