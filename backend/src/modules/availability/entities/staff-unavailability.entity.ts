import { randomUUID } from 'node:crypto';
import { OptionalProps, type Ref } from '@mikro-orm/core';
import { Check, Entity, Enum, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { TenantScopedEntity } from '../../../tenancy/tenant-scoped.entity';
import { User } from '../../auth/entities/user.entity';
import { Staff } from '../../staff/entities/staff.entity';

/** The unavailability types (docs/product.md#unavailability), with the labels the screens show. */
export const UNAVAILABILITY_TYPES = ['annual_leave', 'sick', 'training', 'personal'] as const;
export type UnavailabilityType = (typeof UNAVAILABILITY_TYPES)[number];
export const UNAVAILABILITY_LABELS: Record<UnavailabilityType, string> = {
  annual_leave: 'Annual Leave',
  sick: 'Sick Leave',
  training: 'Training',
  personal: 'Personal',
};

/** A period (inclusive) in which `staff` can't be on duty. */
@Entity({ tableName: 'staff_unavailability' })
@Index({ properties: ['organization', 'staff', 'startDate'] })
@Check({ name: 'staff_unavailability_dates_in_order', expression: 'end_date >= start_date' })
export class StaffUnavailability extends TenantScopedEntity {
  [OptionalProps]?: 'organization' | 'type' | 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => Staff, { ref: true, deleteRule: 'cascade' })
  staff!: Ref<Staff>;

  @Property({ type: 'date' })
  startDate!: string;

  @Property({ type: 'date' })
  endDate!: string;

  @Property({ type: 'string', length: 500 })
  reason!: string;

  @Enum({ items: () => UNAVAILABILITY_TYPES, default: 'annual_leave' })
  type: UnavailabilityType = 'annual_leave';

  @ManyToOne(() => User, { ref: true, nullable: true, deleteRule: 'set null' })
  createdBy?: Ref<User> | null;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
