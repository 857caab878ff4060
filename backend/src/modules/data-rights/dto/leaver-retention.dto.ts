/** A leaver whose personal data the retention job will anonymise. */
export class LeaverDueDto {
  /** The staff record's id. */
  staffId!: string;
  /** Their name. */
  name!: string;
  /** When they left (were deactivated), ISO 8601. */
  leftAt!: string;
  /** When the daily job anonymises them: `leftAt` plus the retention period, ISO 8601. */
  dueAt!: string;
}

/** The organisation's leavers' retention period and the next people it will anonymise (Admin Panel, "Leavers' data"). */
export class LeaverRetentionDto {
  /** Months after someone leaves until their personal data is anonymised (1–120; default 12). */
  leaverRetentionMonths!: number;
  /** The next leavers due, earliest first (at most 10). */
  nextDue!: LeaverDueDto[];
}
