import { NotificationDto } from './notification.dto';

export class NotificationsDto {
  /** Unread notifications: the bell's number. */
  unread!: number;
  /** The newest 50, unread and read. */
  items!: NotificationDto[];
}
