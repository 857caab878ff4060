/** Whether the signed-in user has a calendar subscription link. The link itself is not stored. */
export class CalendarSubscriptionDto {
  active!: boolean;
  createdAt!: Date | null;
  /** When a calendar app last fetched one of the user's feeds (to within five minutes). */
  lastUsedAt!: Date | null;
  /** How often calendar apps are asked to fetch the feeds again. */
  refreshIntervalMinutes!: number;
}

/**
 * A new subscription link, shown this once (only its hash is kept). The same token opens both
 * feeds; any earlier token stopped working when this one was issued.
 */
export class CalendarSubscriptionLinksDto {
  token!: string;
  createdAt!: Date;
  /** Every duty of the organisation, and its holidays. */
  allDutiesUrl!: string;
  /** The same feed as a webcal:// link, which opens the calendar app's subscribe dialog. */
  allDutiesWebcalUrl!: string;
  /** Only the signed-in user's duties, and the holidays. */
  myDutiesUrl!: string;
  myDutiesWebcalUrl!: string;
  refreshIntervalMinutes!: number;
}
