/** Whether the signed-in user has a calendar subscription link. The link itself is not stored. */
export class CalendarSubscriptionDto {
  active!: boolean;
  createdAt!: Date | null;
  /** When a calendar app last fetched one of the user's feeds (to within five minutes). */
  lastUsedAt!: Date | null;
  /** How often calendar apps are asked to fetch the feeds again. */
  refreshIntervalMinutes!: number;
}
