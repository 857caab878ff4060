import { randomUUID } from 'node:crypto';
import { Check, Entity, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { TenantScopedEntity } from '../../../tenancy/tenant-scoped.entity';

/** New organisations start with the two slots a day the spec's views show (PRODUCT.md). */
export const DEFAULT_DUTY_MANAGERS_PER_DAY = 2;
export const MIN_DUTY_MANAGERS_PER_DAY = 1;
export const MAX_DUTY_MANAGERS_PER_DAY = 5;
/** PRODUCT.md "Requests": swaps wait for approval, cancellations are processed and refilled at once. */
export const DEFAULT_AUTO_APPROVAL = { swaps: false, cancellations: true, autoFillCancellations: true } as const;

/**
 * One organisation's settings (spec §3 system_settings). The row is created on first use;
 * rota writes read it `FOR SHARE` and settings changes `FOR UPDATE`, so a change of the number
 * of slots and an assignment never interleave.
 */
@Entity({ tableName: 'system_settings' })
@Unique({ properties: ['organization'] })
@Check({ name: 'system_settings_duty_managers_per_day_range', expression: 'duty_managers_per_day >= 1 and duty_managers_per_day <= 5' })
export class SystemSettings extends TenantScopedEntity {
  [OptionalProps]?:
    | 'organization'
    | 'dutyManagersPerDay'
    | 'autoApprovalSwaps'
    | 'autoApprovalCancellations'
    | 'autoFillCancellations'
    | 'createdAt'
    | 'updatedAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  /** How many duty managers each weekday has: the number of slots of every rota day. */
  @Property({ type: 'smallint', default: DEFAULT_DUTY_MANAGERS_PER_DAY })
  dutyManagersPerDay: number = DEFAULT_DUTY_MANAGERS_PER_DAY;

  /** New swap requests are approved at once (PRODUCT.md default: off). */
  @Property({ type: 'boolean', default: DEFAULT_AUTO_APPROVAL.swaps })
  autoApprovalSwaps: boolean = DEFAULT_AUTO_APPROVAL.swaps;

  /** New cancel requests are approved at once (PRODUCT.md default: on). */
  @Property({ type: 'boolean', default: DEFAULT_AUTO_APPROVAL.cancellations })
  autoApprovalCancellations: boolean = DEFAULT_AUTO_APPROVAL.cancellations;

  /** An approved cancellation's slot is refilled by the least-loaded eligible person (default: on). */
  @Property({ type: 'boolean', default: DEFAULT_AUTO_APPROVAL.autoFillCancellations })
  autoFillCancellations: boolean = DEFAULT_AUTO_APPROVAL.autoFillCancellations;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
