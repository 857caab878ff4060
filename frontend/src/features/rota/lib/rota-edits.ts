// Editing the rota directly (docs/product.md#editing-the-rota-directly): the texts of the duty
// dialog's Assign, Replace with…, Remove and Move to another day, and the rules the forms check
// before asking the server.
import { isWeekend, parseDate, type Dayjs } from '@/shared/lib/dates';

import type { RotaCandidateDto } from '../api';

/** The actions on a filled slot of a day from today on, as their buttons read. */
export const REPLACE_ACTION = 'Replace with…';
export const REMOVE_ACTION = 'Remove';
export const MOVE_ACTION = 'Move to another day';

/** Assign's required choice, on a day from today on and on a past day alike. */
export const ASSIGN_REQUIRED_MESSAGE = 'Please select a staff member to assign';
/** The server's message for a blank reason (RemoveFromRotaDto), so the form says the same. */
export const REMOVE_REASON_REQUIRED_MESSAGE = 'Please give a reason for removing this duty';
export const REPLACE_TARGET_REQUIRED_MESSAGE = 'Please select who takes this duty';
export const MOVE_DATE_REQUIRED_MESSAGE = 'Please choose the day to move the duty to';
export const MOVE_WEEKEND_MESSAGE = 'Duties are on weekdays: choose Monday to Friday';
export const MOVE_PAST_MESSAGE = 'Choose today or a later day';
export const MOVE_SAME_DAY_MESSAGE = 'Choose a different day to move the duty to';
/** A day typed that the server did not offer (docs/product.md#editing-the-rota-directly). */
export const MOVE_NOT_OFFERED_MESSAGE =
  'Choose one of the days offered: they can’t be put on that day';
export const MOVE_TRADE_REQUIRED_MESSAGE = 'Please choose who takes this duty in exchange';
export const MOVE_OPTIONS_LOAD_ERROR = 'Failed to load the days this duty can move to';

/** When no day can take the duty: every school day ahead is full, closed or not theirs to take. */
export function noMoveDaysText(name: string): string {
  return `No other day can take ${name}'s duty: every school day ahead is closed, full with nobody to trade, or one they can't take.`;
}

/** The candidates list's states (docs/product.md#texts-on-screen). */
export const CANDIDATES_LOAD_ERROR = 'Failed to load who can take this duty';
export const NO_CANDIDATES_TEXT =
  'Nobody else can be put on this day: everyone active is already on duty or away.';

/** "Nobody can be on duty on this day: Holiday: Inset, Inset Day." */
export function closedDayText(closed: string): string {
  return `Nobody can be on duty on this day: ${closed}.`;
}

/** "0 duties this year", "1 duty this year". */
export function dutiesThisYearText(count: number): string {
  return `${count} ${count === 1 ? 'duty' : 'duties'} this year`;
}

/** Teaching or Non-Teaching, as the staff screens call them. */
export function teachingLabel(isTeaching: boolean): string {
  return isTeaching ? 'Teaching' : 'Non-Teaching';
}

/** What a candidate is found by in the list's search box: their name and department. */
export function candidateSearchText(candidate: RotaCandidateDto): string {
  return [candidate.name, candidate.department ?? ''].join(' ').trim();
}

/** Whether a day is before the organisation's today: past days can't be edited directly. */
export function isPastDay(date: string, today: string | undefined): boolean {
  // ISO dates compare as strings; until today is known, nothing counts as past.
  return today !== undefined && date < today;
}

/**
 * Why `target` can't be the day a duty on `from` moves to, or undefined when it can: a weekend,
 * a day before the organisation's today, or the same day. Holidays and days out of term are the
 * server's to refuse: it knows the term dates.
 */
export function moveDateProblem(
  target: Dayjs,
  from: string,
  today: string | undefined,
): string | undefined {
  if (isWeekend(target)) return MOVE_WEEKEND_MESSAGE;
  if (today !== undefined && target.isBefore(parseDate(today), 'day')) return MOVE_PAST_MESSAGE;
  if (target.isSame(parseDate(from), 'day')) return MOVE_SAME_DAY_MESSAGE;
  return undefined;
}

/**
 * The title of a refused edit: the two assignment conflicts keep theirs
 * (docs/product.md#assigning-by-hand); anything else is the plain "Error".
 */
export function editFailureTitle(code: string | undefined): string | undefined {
  if (code === 'duplicate_assignment') return 'Duplicate assignment';
  if (code === 'slots_full') return 'Slots full';
  return undefined;
}
