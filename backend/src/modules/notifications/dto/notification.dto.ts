import { ApiProperty } from '@nestjs/swagger';
import { NOTIFICATION_KINDS, type NotificationKind } from '../entities/notification.entity';

export class NotificationDto {
  id!: string;
  @ApiProperty({ enum: NOTIFICATION_KINDS, enumName: 'NotificationKind' })
  kind!: NotificationKind;
  text!: string;
  /** A path in the app, e.g. `/swaps?request=…`. */
  link!: string;
  createdAt!: string;
  /** When it was marked read; null while unread. */
  readAt!: string | null;
}
