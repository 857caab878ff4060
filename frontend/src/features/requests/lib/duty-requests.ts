/** docs/product.md#texts-on-screen: what the swap form says when the target or the reason is missing. */
export const MISSING_INFORMATION = {
  title: 'Missing information',
  description: 'Please select a staff member and provide a reason',
} as const;
export const SWAP_TARGET_REQUIRED_MESSAGE = 'Please select a staff member';
export const SWAP_REASON_REQUIRED_MESSAGE = 'Please provide a reason';
/** The cancel form's required reason (docs/product.md#texts-on-screen). */
export const CANCEL_REASON_REQUIRED_MESSAGE = 'Please provide a reason for cancellation';

/** The notes under the request forms, by the organisation's auto-approval settings (docs/product.md#auto-approval). */
export const CANCEL_NEEDS_APPROVAL_NOTE = 'Cancelling requires admin approval.';
export const SWAP_NEEDS_APPROVAL_NOTE = 'Swapping requires approval by an admin or manager.';
export const AUTO_APPROVAL_NOTE =
  'Auto-approval is on: your request will be processed automatically.';
/** docs/product.md#requests: a swap asks the colleague before anything else happens. */
export const SWAP_COLLEAGUE_FIRST_NOTE =
  'Your colleague is asked first: nothing changes until they accept.';
export const AUTO_FILL_NOTE = 'The eligible colleague with the fewest duties will take the duty.';

export const PAST_DUTY_TEXT = 'This duty has passed.';

/** "Only Alice Smith or an admin or manager can ask to swap or cancel this duty." */
export function notOwnDutyText(name: string): string {
  return `Only ${name || 'the person on duty'} or an admin or manager can ask to swap or cancel this duty.`;
}

/**
 * Whether the signed-in person may ask to swap or cancel a filled duty:
 * - `checking`: today or whose duty it is is not known yet;
 * - `past`: the duty is before the organisation's today (the server refuses those);
 * - `allowed`: their own duty, or they may request for anyone ('requests.decide');
 * - `not-own`: somebody else's duty;
 * - `unknown`: the staff list failed to load, so whose duty it is cannot be told.
 */
export type DutyRequestAccess = 'checking' | 'past' | 'allowed' | 'not-own' | 'unknown';

export interface DutyRequestFacts {
  /** The duty's day, `yyyy-MM-dd`. */
  date: string;
  /** The organisation's today, from the server; undefined while loading. */
  today: string | undefined;
  /** Who is on duty in the slot. */
  personId: string;
  /** The signed-in person's own staff record, if known. */
  ownStaffId: string | undefined;
  canRequestForAnyone: boolean;
  staffList: 'loading' | 'ready' | 'error';
}

export function dutyRequestAccess(facts: DutyRequestFacts): DutyRequestAccess {
  if (!facts.today) return 'checking';
  // ISO dates compare as strings.
  if (facts.date < facts.today) return 'past';
  if (facts.canRequestForAnyone || facts.ownStaffId === facts.personId) return 'allowed';
  if (facts.staffList === 'loading') return 'checking';
  if (facts.staffList === 'error') return 'unknown';
  return 'not-own';
}
