import { randomUUID } from 'node:crypto';
import { OptionalProps, type Ref } from '@mikro-orm/core';
import { Entity, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { TenantScopedEntity } from '../../../tenancy/tenant-scoped.entity';
import { User } from '../../auth/entities/user.entity';

export const PROCEDURE_FILE_KINDS = ['pdf', 'doc', 'docx'] as const;
export type ProcedureFileKind = (typeof PROCEDURE_FILE_KINDS)[number];

/**
 * The organisation's procedure document (docs/product.md#procedure-document): one per organisation, kept in
 * PostgreSQL so every app instance serves the same bytes and a replacement is one transaction.
 */
@Entity({ tableName: 'procedure_files' })
@Unique({ properties: ['organization'] })
export class ProcedureFile extends TenantScopedEntity {
  [OptionalProps]?: 'organization' | 'createdAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'string', length: 255 })
  fileName!: string;

  @Property({ type: 'string', length: 8 })
  kind!: ProcedureFileKind;

  @Property({ type: 'integer' })
  size!: number;

  @Property({ type: 'string', length: 64 })
  sha256!: string;

  @Property({ type: 'blob', lazy: true })
  content!: Buffer;

  @ManyToOne(() => User, { ref: true, nullable: true, deleteRule: 'set null' })
  uploadedBy?: Ref<User>;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
