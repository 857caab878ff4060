import { OptionalProps, type Ref } from '@mikro-orm/core';
import { Check, Entity, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { TenantScopedEntity } from '../../../tenancy/tenant-scoped.entity';
import { Duty } from '../../duties/entities/duty.entity';
import { Staff } from '../../staff/entities/staff.entity';
import { OutboxEmail } from '../../mail/entities/outbox-email.entity';

/** `day-before`: a duty other than the Duty Manager's in the reminder before its day; `before-start`: minutes before a timed duty starts. */
export const SENT_REMINDER_KINDS = ['day-before', 'before-start'] as const;
export type SentReminderKind = (typeof SENT_REMINDER_KINDS)[number];

/**
 * The claim that makes a reminder of one duty go out once (docs/product.md#reminders): one row
 * per (organisation, person, duty, date, kind), inserted in the same transaction as the outbox
 * email that carries it. A second pass — on another instance, after a restart — inserts nothing
 * and sends nothing. The Duty Manager duty's reminder before its day keeps its own claim
 * (`duty_reminders`), which also carries its calendar event's versions and cancellation.
 */
@Entity({ tableName: 'sent_duty_reminders' })
@Unique({ name: 'sent_duty_reminders_once', properties: ['organization', 'staff', 'duty', 'dutyDate', 'kind'] })
@Check({ name: 'sent_duty_reminders_kind_choice', expression: "kind = 'day-before' or kind = 'before-start'" })
export class SentDutyReminder extends TenantScopedEntity {
  [OptionalProps]?: 'organization' | 'createdAt';

  @PrimaryKey({ type: 'bigint', autoincrement: true })
  id!: string;

  @ManyToOne(() => Staff, { ref: true, deleteRule: 'cascade' })
  staff!: Ref<Staff>;

  @ManyToOne(() => Duty, { ref: true, deleteRule: 'cascade' })
  duty!: Ref<Duty>;

  @Property({ type: 'date' })
  dutyDate!: string;

  @Property({ type: 'string', length: 12 })
  kind!: SentReminderKind;

  @ManyToOne(() => OutboxEmail, { ref: true, nullable: true, deleteRule: 'set null' })
  email?: Ref<OutboxEmail>;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
