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
