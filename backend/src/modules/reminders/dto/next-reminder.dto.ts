import { ApiProperty } from '@nestjs/swagger';

export class NextReminderDto {
  /** The duty date the next reminders are for. */
  @ApiProperty({ type: String, format: 'date' })
  dutyDate!: string;
  /** When they go out. */
  sendAt!: Date;
}
