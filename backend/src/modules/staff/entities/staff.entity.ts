import { randomUUID } from 'node:crypto';
import { ArrayType, DecimalType, OptionalProps, type Ref } from '@mikro-orm/core';
import { Check, Entity, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { ISO_WEEKDAYS } from '../../../common/clock/weekdays';
import { TenantScopedEntity } from '../../../tenancy/tenant-scoped.entity';
import { User } from '../../auth/entities/user.entity';

export { MAX_FTE, MIN_FTE } from '../fte-range';
/** A weekly cap is 1 to 5 duties a week (docs/product.md#working-patterns). */
export const MIN_WEEKLY_CAP = 1;
export const MAX_WEEKLY_CAP = 5;

/** A smallint[] column read as numbers (pg parses smallint[] already; a string is split first). */
export const weekdaysColumn = () => new ArrayType<number>((i) => Number(i));

/**
 * Someone who can be put on duty. Linked to a user once they are invited to sign in. Their
 * working pattern, contract fraction, weekly cap and days they would rather avoid are what the
 * rota engine plans around (docs/product.md#working-patterns).
 */
@Entity({ tableName: 'staff' })
@Unique({ properties: ['organization', 'email'] })
@Check({ name: 'staff_working_days_weekdays', expression: "cardinality(working_days) >= 1 and working_days <@ '{1,2,3,4,5}'::smallint[]" })
@Check({ name: 'staff_fte_range', expression: 'fte > 0 and fte <= 1' })
@Check({ name: 'staff_weekly_cap_range', expression: 'weekly_cap >= 1 and weekly_cap <= 5' })
@Check({ name: 'staff_avoid_days_worked', expression: 'avoid_days <@ working_days and cardinality(avoid_days) < cardinality(working_days)' })
export class Staff extends TenantScopedEntity {
  [OptionalProps]?: 'organization' | 'isActive' | 'isTeaching' | 'workingDays' | 'avoidDays' | 'createdAt' | 'updatedAt';

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

  /** The weekdays they work, ISO (1 = Monday … 5 = Friday), sorted; every weekday by default. */
  @Property({ type: weekdaysColumn(), columnType: 'smallint[]', defaultRaw: "'{1,2,3,4,5}'" })
  workingDays: number[] = [...ISO_WEEKDAYS];

  /** Contract fraction (0.05–1); null: their working days ÷ 5. Weighs their fair share of duties. */
  @Property({ type: new DecimalType('number'), precision: 3, scale: 2, nullable: true })
  fte?: number | null;

  /** At most this many duties in one Monday–Sunday week (1–5); null: the organisation's default. */
  @Property({ type: 'smallint', nullable: true })
  weeklyCap?: number | null;

  /** Working days they would rather not do (ISO), honoured when it costs no fairness; never all of them. */
  @Property({ type: weekdaysColumn(), columnType: 'smallint[]', defaultRaw: "'{}'" })
  avoidDays: number[] = [];

  /** When they were last deactivated (left); null while active. Their data is anonymised a retention period after it. */
  @Property({ type: 'datetime', nullable: true })
  deactivatedAt?: Date | null;

  /** When their personal data was erased (docs/security.md#retention-and-erasure); null: not erased. */
  @Property({ type: 'datetime', nullable: true })
  anonymisedAt?: Date | null;

  @ManyToOne(() => User, { ref: true, nullable: true, unique: true, deleteRule: 'set null' })
  user?: Ref<User> | null;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
