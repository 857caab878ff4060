/** What publishing a draft changed on the rota. */
export class PublishedDraftDto {
  /** Slots whose person changed (filled, emptied or given to someone else). */
  changedSlots!: number;
  /** People whose duties changed, each told once. */
  people!: number;
  /** What happened, for a person to read. */
  message!: string;
}
