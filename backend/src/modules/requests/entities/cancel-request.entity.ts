import { randomUUID } from 'node:crypto';
import { OptionalProps, type Ref } from '@mikro-orm/core';
import { Entity, Enum, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { TenantScopedEntity } from '../../../tenancy/tenant-scoped.entity';
import { User } from '../../auth/entities/user.entity';
import { Staff } from '../../staff/entities/staff.entity';
import { REQUEST_STATUSES, type RequestStatus } from './request-status';
import { StaffUnavailability } from '../../availability/entities/staff-unavailability.entity';
import { Duty } from '../../duties/entities/duty.entity';

/**
 * Why a cancellation exists: someone asked (`request`); their unavailability took them off
 * (`unavailability`); another change of facts did, e.g. a holiday or deactivation (`rota_change`,
 * docs/product.md#the-rota-stays-true); an admin or manager edited the rota (`rota_edit`).
 */
export const CANCEL_SOURCES = ['request', 'unavailability', 'rota_change', 'rota_edit'] as const;
export type CancelSource = (typeof CANCEL_SOURCES)[number];

/**
 * A request to take `staff` off their duty on `date`. Approval removes them and, with auto-fill
 * on, puts the least-loaded eligible person in the slot (`replacement`). Every other removal of a
 * duty is kept here too, as an approved cancellation with its reason (`source`): the person's
 * history of why they left a day. A cancellation written without a duty is the Duty Manager duty's
 * (the trigger `cancel_requests_duty_manager_by_default`).
 */
@Entity({ tableName: 'cancel_requests' })
@Index({ properties: ['organization', 'status', 'createdAt'] })
@Index({ properties: ['organization', 'staff', 'date'] })
export class CancelRequest extends TenantScopedEntity {
  [OptionalProps]?: 'organization' | 'duty' | 'status' | 'source' | 'processedAutomatically' | 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => Staff, { ref: true, deleteRule: 'restrict' })
  staff!: Ref<Staff>;

  /** The duty they are (or were) taken off. */
  @ManyToOne(() => Duty, { ref: true, deleteRule: 'no action' })
  duty!: Ref<Duty>;

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
