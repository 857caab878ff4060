import { ApiProperty } from '@nestjs/swagger';

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
