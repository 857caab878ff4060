/**
 * What erasing a person's personal data would do (GET /api/staff/{id}/erasure), for the admin to
 * read before confirming: what is deleted, what is kept under the pseudonym, what is scrubbed.
 */
export class ErasureConsequencesDto {
  /** The staff record's id. */
  staffId!: string;
  /** Their name today (after erasure: the pseudonym). */
  name!: string;
  /** What they will be called: "Former staff " and the first 8 hex digits of the id. */
  pseudonym!: string;
  /** Still active: erasing deactivates them first, which gives up their duties from today on. */
  isActive!: boolean;
  /** Already erased: there is nothing left to erase. */
  alreadyErased!: boolean;
  /** Their duties from today on, given up (and refilled) when an active person is deactivated first. */
  futureDutiesGivenUp!: number;
  /** Their duties before today: kept under the pseudonym, so history and fairness counts stay. */
  dutiesKept!: number;
  /** Their swap and cancel requests: kept under the pseudonym, their reasons cleared. */
  requestsKept!: number;
  /** Their unavailability entries: kept (they shaped the rota), their reasons cleared. */
  unavailabilityKept!: number;
  /** Their notifications: deleted. */
  notificationsDeleted!: number;
  /** Emails sent to them: kept as delivery records only (recipient, subject and body removed). */
  emailsScrubbed!: number;
  /** They have an account: it is closed for good (password, two-step verification, identities, sessions, links deleted). */
  hasAccount!: boolean;
}
