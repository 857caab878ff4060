import { OptionalProps, type Ref } from '@mikro-orm/core';
import { Entity, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { TenantScopedEntity } from '../../../tenancy/tenant-scoped.entity';
import { Staff } from '../../staff/entities/staff.entity';
import { OutboxEmail } from '../../mail/entities/outbox-email.entity';

/**
 * The claim that makes each duty reminder go out once: one row per (organisation, person, duty
 * date), inserted in the same transaction as the reminder's outbox email. A second pass — on
 * another instance, after a restart, or a test run — finds the row and sends nothing. When the
 * person is no longer on duty that day, a pass sends the event's cancellation once and marks the
 * row cancelled; should the duty come back, the next reminder reopens the row as a later version.
 */
@Entity({ tableName: 'duty_reminders' })
@Unique({ name: 'duty_reminders_once', properties: ['organization', 'staff', 'dutyDate'] })
export class DutyReminder extends TenantScopedEntity {
  [OptionalProps]?: 'organization' | 'createdAt' | 'sequence';

  @PrimaryKey({ type: 'bigint', autoincrement: true })
  id!: string;

  @ManyToOne(() => Staff, { ref: true, deleteRule: 'cascade' })
  staff!: Ref<Staff>;

  @Property({ type: 'date' })
  dutyDate!: string;

  /** `schedule`: the reminder service; `test`: an admin's Email System Testing run. */
  @Property({ type: 'string', length: 10 })
  trigger!: 'schedule' | 'test';

  @ManyToOne(() => OutboxEmail, { ref: true, nullable: true, deleteRule: 'set null' })
  email?: Ref<OutboxEmail>;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  /** The version of the calendar event last emailed for this duty (the .ics SEQUENCE), from 0. */
  @Property({ type: 'integer', default: 0 })
  sequence = 0;

  /** When the cancellation of the event was queued (the duty was gone); null while it stands. */
  @Property({ type: 'datetime', nullable: true })
  cancelledAt?: Date;
}
