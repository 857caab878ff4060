/** What Unpin all in the period did. */
export class UnpinResultDto {
  /** How many pinned duties were unpinned. */
  unpinned!: number;
}
