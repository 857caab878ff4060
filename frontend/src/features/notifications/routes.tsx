// The notifications feature's parts for the app shell; it has no page of its own.
export { NotificationBell } from './components/notification-bell';
