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
export const WET_DAY = 'Wet day';
export const MARK_WET = 'Mark as wet day';
export const MARK_DRY = 'Back to a dry day';
export const MARK_WET_TITLE = 'Make today a wet day?';
export const MARK_DRY_TITLE = 'Back to a dry day?';
export const MARK_DRY_TEXT = 'Every duty is at its usual place again. Nobody is told.';
export const NO_WET_POSTS = 'No duty today has a wet-weather place.';
export const WET_DAY_DONE = 'Today is a wet day';
export const DRY_DAY_DONE = 'Today is a dry day';

/** "Ann Lee", "Ann Lee and Bob Ray", "Ann Lee, Bob Ray and Cat Cole". */
function names(list: readonly string[]): string {
  return list.length <= 1 ? (list[0] ?? '') : `${list.slice(0, -1).join(', ')} and ${list.at(-1)}`;
}

/** "Lunch moves to Hall. Ann Lee and Bob Ray will be told." — what marking the day wet does. */
export function markWetText(
  moves: readonly { name: string; wetPlace: string }[],
  told: readonly string[],
): string {
  if (!moves.length) return NO_WET_POSTS;
  const moved = moves.map((m) => `${m.name} moves to ${m.wetPlace}`).join(', ');
  return `${moved}. ${told.length ? `${names(told)} will be told.` : 'Nobody is on those duties to tell.'}`;
}

/** "Usually at Field". */
export function usuallyAtText(place: string): string {
  return `Usually at ${place}`;
}

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
