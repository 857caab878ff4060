// The calendar feature's parts; the app composes the Dashboard page from them and others.
export { CalendarSubscriptionCard } from './components/calendar-subscription-card';
