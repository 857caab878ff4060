import { randomUUID } from 'node:crypto';
import { Entity, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { TenantScopedEntity } from '../../../tenancy/tenant-scoped.entity';

/**
 * One weekday of an organisation's rota (spec §3 rota_assignments). Its people are its
 * RotaSlots. A day exists only while someone is on duty on it; `updatedAt` moves whenever its
 * slots change.
 */
@Entity({ tableName: 'rota_days' })
@Unique({ properties: ['organization', 'date'] })
export class RotaDay extends TenantScopedEntity {
  [OptionalProps]?: 'organization' | 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'date' })
  date!: string;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
