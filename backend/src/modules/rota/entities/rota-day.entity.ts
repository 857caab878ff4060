import { randomUUID } from 'node:crypto';
import { OptionalProps } from '@mikro-orm/core';
import { Entity, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { TenantScopedEntity } from '../../../tenancy/tenant-scoped.entity';

/**
 * One weekday of an organisation's rota (docs/product.md#duty-managers-per-day). Its people are its
 * RotaSlots. A day exists only while someone is on duty on it; `updatedAt` and `revision` move
 * whenever its slots change or someone on it is renamed (database triggers, so every writer does).
 */
@Entity({ tableName: 'rota_days' })
@Unique({ properties: ['organization', 'date'] })
export class RotaDay extends TenantScopedEntity {
  [OptionalProps]?: 'organization' | 'createdAt' | 'updatedAt' | 'revision';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'date' })
  date!: string;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();

  /**
   * Calendar feeds' SEQUENCE for the day's events. A trigger sets it from the database-wide
   * sequence `calendar_revision` on every insert and update (also when someone on the day is
   * renamed), so it only ever grows, even when a day is emptied and filled again.
   */
  @Property({ type: 'bigint', defaultRaw: '0' })
  revision!: string;
}
