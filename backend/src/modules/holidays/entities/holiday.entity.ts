import { randomUUID } from 'node:crypto';
import { OptionalProps } from '@mikro-orm/core';
import { Check, Entity, Enum, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { TenantScopedEntity } from '../../../tenancy/tenant-scoped.entity';

export const HOLIDAY_TYPES = ['bank_holiday', 'half_term', 'term_holiday', 'inset_day', 'other'] as const;
export type HolidayType = (typeof HOLIDAY_TYPES)[number];

/** How the app names each type in messages and calendar feeds (as the Holidays page does). */
export const HOLIDAY_TYPE_LABELS: Record<HolidayType, string> = {
  bank_holiday: 'Bank Holiday',
  half_term: 'Half Term',
  term_holiday: 'Term Holiday',
  inset_day: 'Inset Day',
  other: 'Other',
};

/** Days without duties: every date from startDate to endDate (inclusive) is a holiday. */
@Entity({ tableName: 'holidays' })
@Index({ properties: ['organization', 'startDate'] })
@Check({ name: 'holidays_dates_in_order', expression: 'end_date >= start_date' })
export class Holiday extends TenantScopedEntity {
  [OptionalProps]?: 'organization' | 'createdAt' | 'updatedAt' | 'revision';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'string', length: 255 })
  name!: string;

  @Enum({ items: () => HOLIDAY_TYPES })
  type!: HolidayType;

  @Property({ type: 'date' })
  startDate!: string;

  @Property({ type: 'date' })
  endDate!: string;

  @Property({ type: 'text', nullable: true })
  description?: string | null;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();

  /** Calendar feeds' SEQUENCE for the holiday; set by a trigger like `RotaDay.revision`. */
  @Property({ type: 'bigint', defaultRaw: '0' })
  revision!: string;
}
