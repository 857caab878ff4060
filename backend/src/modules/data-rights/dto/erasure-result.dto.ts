/** What an erasure did (POST /api/staff/{id}/erasure). */
export class ErasureResultDto {
  /** The staff record's id: its duties and requests stay linked to it. */
  staffId!: string;
  /** What the record is called from now on. */
  pseudonym!: string;
  /** A sentence for the admin, e.g. "Erased the personal data of Former staff 7F3A9C21." */
  message!: string;
}
