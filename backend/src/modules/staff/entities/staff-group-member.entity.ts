import { OptionalProps, type Ref } from '@mikro-orm/core';
import { Entity, Index, ManyToOne } from '@mikro-orm/decorators/legacy';
import { TenantScopedEntity } from '../../../tenancy/tenant-scoped.entity';
import { Staff } from './staff.entity';
import { StaffGroup } from './staff-group.entity';

/** A person in a staff group. Leaves with the group or the person. */
@Entity({ tableName: 'staff_group_members' })
@Index({
  name: 'staff_group_members_staff_index',
  properties: ['organization', 'staff'],
})
export class StaffGroupMember extends TenantScopedEntity {
  [OptionalProps]?: 'organization';

  @ManyToOne(() => StaffGroup, {
    ref: true,
    primary: true,
    deleteRule: 'cascade',
  })
  group!: Ref<StaffGroup>;

  @ManyToOne(() => Staff, { ref: true, primary: true, deleteRule: 'cascade' })
  staff!: Ref<Staff>;
}
