import { OptionalProps, type Ref } from '@mikro-orm/core';
import { Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { TenantScopedEntity } from '../../../tenancy/tenant-scoped.entity';
import { User } from '../../auth/entities/user.entity';

export const AUDIT_KINDS = ['staff', 'role', 'holiday', 'settings', 'rota', 'request', 'duty'] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

/** One change someone made: who, what, to which record, before and after, when. */
@Entity({ tableName: 'audit_entries' })
@Index({ properties: ['organization', 'createdAt'] })
export class AuditEntry extends TenantScopedEntity {
  [OptionalProps]?: 'createdAt' | 'organization';

  @PrimaryKey({ type: 'bigint', autoincrement: true })
  id!: string;

  /** Who made the change; empty for the system (e.g. automatic backfill). */
  @ManyToOne(() => User, { ref: true, nullable: true, deleteRule: 'set null' })
  actor?: Ref<User>;

  /** The actor's name when the change was made, kept even if the user is later removed. */
  @Property({ type: 'string', length: 100 })
  actorName!: string;

  @Property({ type: 'string', length: 20 })
  kind!: AuditKind;

  /** What happened, e.g. `staff.created`, `holiday.deleted`. */
  @Property({ type: 'string', length: 64 })
  action!: string;

  /** The id of the changed record. */
  @Property({ type: 'string', length: 64 })
  entityId!: string;

  /** One readable sentence, e.g. "Added staff member Ann Lee". */
  @Property({ type: 'string', length: 500 })
  summary!: string;

  @Property({ type: 'json', nullable: true })
  before?: Record<string, unknown>;

  @Property({ type: 'json', nullable: true })
  after?: Record<string, unknown>;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
