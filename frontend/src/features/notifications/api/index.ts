// The generated endpoints provide and invalidate the 'notifications' tag; request changes
// (answering, deciding, withdrawing a swap) invalidate it by name too.
export {
  generatedApi as notificationsApi,
  useGetNotificationsQuery,
  useMarkAllNotificationsReadMutation,
  useMarkNotificationReadMutation,
} from './notifications.gen';
export type { NotificationDto, NotificationKind, NotificationsDto } from './notifications.gen';
