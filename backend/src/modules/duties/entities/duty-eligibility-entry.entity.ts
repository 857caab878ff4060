import { randomUUID } from 'node:crypto';
import { OptionalProps, type Ref } from '@mikro-orm/core';
import { Check, Entity, ManyToOne, PrimaryKey, Unique } from '@mikro-orm/decorators/legacy';
import { TenantScopedEntity } from '../../../tenancy/tenant-scoped.entity';
import { StaffGroup } from '../../staff/entities/staff-group.entity';
import { Staff } from '../../staff/entities/staff.entity';
import { Duty } from './duty.entity';

/**
 * A staff group or a person a duty lists as allowed to take it (docs/product.md#duties), used
 * while the duty's `eligible` is `listed`: its people are the groups' members and the people
 * listed. Each row names exactly one of the two; it goes with its duty, group or person.
 */
@Entity({ tableName: 'duty_eligibility' })
@Unique({ name: 'duty_eligibility_duty_group_unique', properties: ['duty', 'staffGroup'] })
@Unique({ name: 'duty_eligibility_duty_staff_unique', properties: ['duty', 'staff'] })
@Check({ name: 'duty_eligibility_group_or_staff', expression: 'num_nonnulls(staff_group_id, staff_id) = 1' })
export class DutyEligibilityEntry extends TenantScopedEntity {
  [OptionalProps]?: 'organization' | 'staffGroup' | 'staff';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => Duty, { ref: true, deleteRule: 'cascade' })
  duty!: Ref<Duty>;

  @ManyToOne(() => StaffGroup, { ref: true, nullable: true, deleteRule: 'cascade' })
  staffGroup?: Ref<StaffGroup> | null;

  @ManyToOne(() => Staff, { ref: true, nullable: true, deleteRule: 'cascade' })
  staff?: Ref<Staff> | null;
}
