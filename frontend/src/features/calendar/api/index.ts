// The generated endpoints already provide and invalidate the 'calendar' tag, and a subscription
// link records nothing in the activity log, so nothing needs enhancing here. The two feed
// endpoints are for calendar apps, which fetch them with the secret link; the app never does.
export {
  generatedApi as calendarApi,
  useCreateCalendarSubscriptionMutation,
  useGetCalendarSubscriptionQuery,
  useRevokeCalendarSubscriptionMutation,
} from './calendar.gen';
export type { CalendarSubscriptionDto, CalendarSubscriptionLinksDto } from './calendar.gen';
