

export class AutoApprovalSettingsDto {
  /** New swap requests are approved at once. */
  swaps!: boolean;
  /** New cancel requests are approved at once. */
  cancellations!: boolean;
  /** An approved cancellation's slot is refilled with the least-loaded eligible person. */
  autoFillCancellations!: boolean;
}
