import { randomUUID } from 'node:crypto';
import { OptionalProps, type Ref } from '@mikro-orm/core';
import { Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { TenantScopedEntity } from '../../../tenancy/tenant-scoped.entity';
import { User } from './user.entity';

/**
 * A signed-in session on the server. Its id travels in the session token (`sid`) and the JWT
 * strategy accepts a token only while its row exists: signing out deletes the row, so a copied
 * token stops working at once rather than at its expiry (docs/security.md, "Sessions").
 */
@Entity({ tableName: 'user_sessions' })
export class UserSession extends TenantScopedEntity {
  [OptionalProps]?: 'organization' | 'createdAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => User, { ref: true, deleteRule: 'cascade' })
  @Index()
  user!: Ref<User>;

  /** The session token's expiry: after it the row opens nothing and is cleared. */
  @Property({ type: 'datetime' })
  @Index()
  expiresAt!: Date;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
