import { randomUUID } from 'node:crypto';
import { OptionalProps } from '@mikro-orm/core';
import { Entity, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { TenantScopedEntity } from '../../../tenancy/tenant-scoped.entity';

/**
 * A group of staff the admin names, such as "SLT" or "First aiders" (docs/product.md#staff-groups):
 * who may take a duty can name groups. Its members are StaffGroupMember rows. Names are unique in
 * an organisation, compared without case (StaffGroupsService; `name_key` holds the lower-cased name).
 */
@Entity({ tableName: 'staff_groups' })
@Unique({
  name: 'staff_groups_name_unique',
  properties: ['organization', 'nameKey'],
})
export class StaffGroup extends TenantScopedEntity {
  [OptionalProps]?: 'organization' | 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'string', length: 60 })
  name!: string;

  /** The name lower-cased: what "already exists" compares. */
  @Property({ type: 'string', length: 60 })
  nameKey!: string;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({
    type: 'datetime',
    defaultRaw: 'now()',
    onUpdate: () => new Date(),
  })
  updatedAt: Date = new Date();
}
