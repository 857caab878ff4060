import { ApiProperty } from '@nestjs/swagger';
import { OUTBOX_STATUSES, type OutboxStatus } from '../../mail/entities/outbox-email.entity';

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
