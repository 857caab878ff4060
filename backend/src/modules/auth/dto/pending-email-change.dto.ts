/** A change of the signed-in person's sign-in email that hasn't taken effect yet. */
export class PendingEmailChangeDto {
  /** The address that becomes the sign-in email once the change takes effect. */
  newEmail!: string;
  /** Who asked for the change. */
  requestedBy!: string;
  /** Someone else asked for it: it waits for this person's approval (`approveEmailChange`, or the emailed link). */
  awaitingYourApproval!: boolean;
  /** The new address hasn't confirmed it yet (the link sent there). */
  awaitingNewAddress!: boolean;
}
