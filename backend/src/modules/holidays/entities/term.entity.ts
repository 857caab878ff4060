import { randomUUID } from 'node:crypto';
import { OptionalProps } from '@mikro-orm/core';
import { Check, Entity, Enum, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { TenantScopedEntity } from '../../../tenancy/tenant-scoped.entity';
import { TERM_NAMES, type TermName } from '../term-dates';

/**
 * One term of an academic year (docs/product.md#holidays): the days from startDate to endDate
 * (inclusive) are term time, except the half term when there is one. A year has its autumn,
 * spring and summer terms or none; only SchoolCalendar writes them.
 */
@Entity({ tableName: 'terms' })
@Unique({ name: 'terms_organization_year_name_unique', properties: ['organization', 'academicYear', 'name'] })
@Check({ name: 'terms_dates_in_order', expression: 'end_date >= start_date' })
@Check({
  name: 'terms_half_term_inside',
  expression:
    '(half_term_start is null and half_term_end is null) or ' +
    '(half_term_start is not null and half_term_end is not null and ' +
    'half_term_start >= start_date and half_term_end >= half_term_start and half_term_end <= end_date)',
})
export class Term extends TenantScopedEntity {
  [OptionalProps]?: 'organization' | 'createdAt' | 'updatedAt' | 'halfTermStart' | 'halfTermEnd';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  /** The academic year by its first calendar year: 2025 is 1 September 2025 – 31 August 2026. */
  @Property({ type: 'integer' })
  academicYear!: number;

  @Enum({ items: () => TERM_NAMES })
  name!: TermName;

  @Property({ type: 'date' })
  startDate!: string;

  @Property({ type: 'date' })
  endDate!: string;

  /** First day of the half term, or null when the term has none (then halfTermEnd is null too). */
  @Property({ type: 'date', nullable: true })
  halfTermStart: string | null = null;

  @Property({ type: 'date', nullable: true })
  halfTermEnd: string | null = null;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
