import { ApiProperty } from '@nestjs/swagger';
import { IsoDateField } from '../../../common/validation/iso-date';
import { OUTBOX_STATUSES, type OutboxStatus } from '../../mail/entities/outbox-email.entity';

export class TestRemindersForDateDto {
  /** The duty date whose reminders to send now (today or later). */
  @IsoDateField('Date')
  date!: string;
}

export class TestRemindersResultDto {
  /** What happened, in words, e.g. "Sent 2 reminders for Tuesday 9 September 2025." */
  message!: string;
  /** True when no SMTP server is configured: the emails were simulated, not sent. */
  testMode!: boolean;
  /** The duty dates covered. */
  @ApiProperty({ type: [String], format: 'date' })
  dates!: string[];
  /** People on duty on those dates. */
  onDuty!: number;
  /** Reminders queued by this run. */
  queued!: number;
  /** People skipped because they had already been reminded (each reminder goes once). */
  alreadyReminded!: number;
  /** When the run happened. */
  ranAt!: Date;
}

export class EmailDeliveryDto {
  id!: string;
  /** e.g. duty-reminder, swap-decided, invitation. */
  kind!: string;
  to!: string;
  subject!: string;
  @ApiProperty({ enum: OUTBOX_STATUSES, enumName: 'EmailDeliveryStatus' })
  status!: OutboxStatus;
  attempts!: number;
  createdAt!: Date;
  @ApiProperty({ type: Date, nullable: true })
  sentAt!: Date | null;
  /** The last delivery error, while it is retried or after it failed. */
  @ApiProperty({ type: String, nullable: true })
  lastError!: string | null;
  /**
   * The plain-text body. An email that carries an access link (password reset, invitation,
   * email verification) always reads as a placeholder, even while queued; any other body reads as
   * one after the retention period (30 days after sending, 90 after failing).
   */
  text!: string;
}

export class EmailDeliveriesDto {
  /** True when no SMTP server is configured: emails are simulated and only listed here. */
  testMode!: boolean;
  /** The organisation's latest emails, newest first (at most 10). */
  @ApiProperty({ type: [EmailDeliveryDto] })
  emails!: EmailDeliveryDto[];
}
