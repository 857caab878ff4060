import { randomUUID } from 'node:crypto';
import { Entity, ManyToOne, OptionalProps, PrimaryKey, Property, type Ref, Unique } from '@mikro-orm/core';
import { TenantScopedEntity } from '../../../tenancy/tenant-scoped.entity';
import { User } from '../../auth/entities/user.entity';

/** Someone who can be put on duty. Linked to a user once they are invited to sign in. */
@Entity({ tableName: 'staff' })
@Unique({ properties: ['organization', 'email'] })
export class Staff extends TenantScopedEntity {
  [OptionalProps]?: 'organization' | 'isActive' | 'isTeaching' | 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'string', length: 100 })
  name!: string;

  /** Lower-cased; unique within the organisation. */
  @Property({ type: 'string', length: 254 })
  email!: string;

  @Property({ type: 'string', length: 100, nullable: true })
  department?: string | null;

  @Property({ type: 'boolean', default: true })
  isActive = true;

  @Property({ type: 'boolean', default: true })
  isTeaching = true;

  @ManyToOne(() => User, { ref: true, nullable: true, unique: true, deleteRule: 'set null' })
  user?: Ref<User> | null;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
