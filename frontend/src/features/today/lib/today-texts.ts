// The Today board's words (docs/product.md#duties).

export const TODAY_TITLE = 'Today';
export const FIND_COVER = 'Find cover';
export const ON_LEAVE_TITLE = 'On leave today';
export const NOBODY_ON_LEAVE = 'Nobody is on leave today';
export const NO_DUTIES_TODAY = 'No duties run today';
export const NOBODY_ON_IT = 'Nobody on it yet';
export const NO_COVER = 'Nobody else can take this duty today';
export const BOARD_LOAD_ERROR = "Failed to load today's duties";
export const COVER_LOAD_ERROR = 'Failed to load who can cover';
export const TODAY_LINK_TEXT = "Today's duties";

/** "1 person missing", "2 people missing". */
export function missingText(missing: number): string {
  return `${missing} ${missing === 1 ? 'person' : 'people'} missing`;
}

/** "No duties today: Holiday: Inset, INSET Day". */
export function closedText(reason: string): string {
  return `No duties today: ${reason}`;
}

/** "1 duty this year", "3 duties this year". */
export function dutiesThisYearText(count: number): string {
  return `${count} ${count === 1 ? 'duty' : 'duties'} this year`;
}
