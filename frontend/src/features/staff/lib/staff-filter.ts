import type { StaffRecord } from './staff-record';

/** Which people Staff Management lists (besides what is searched for). */
export const STAFF_SHOWN = {
  all: 'Everyone',
  active: 'Active',
  inactive: 'Inactive',
  'not-signed-in': 'Not signed in yet',
  teaching: 'Teaching',
  'non-teaching': 'Non-Teaching',
} as const;
export type StaffShown = keyof typeof STAFF_SHOWN;

/** Case and accents don't matter: "zoe" finds Zoë. */
function folded(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

function shown(person: StaffRecord, show: StaffShown): boolean {
  switch (show) {
    case 'all':
      return true;
    case 'active':
      return person.isActive;
    case 'inactive':
      return !person.isActive;
    case 'not-signed-in':
      return person.isActive && person.inviteStatus !== 'active';
    case 'teaching':
      return person.isTeaching;
    case 'non-teaching':
      return !person.isTeaching;
  }
}

/**
 * The people Staff Management lists: those `show` picks whose name, email or department holds
 * every word of `search` (docs/product.md#screens, Staff Management).
 */
export function filterStaff(
  staff: readonly StaffRecord[],
  search: string,
  show: StaffShown,
): StaffRecord[] {
  const words = folded(search).split(/\s+/).filter(Boolean);
  return staff.filter((person) => {
    if (!shown(person, show)) return false;
    const text = folded([person.name, person.email, person.department ?? ''].join(' '));
    return words.every((word) => text.includes(word));
  });
}

/** Whether an invitation can be sent to `person` now: active, and not yet able to sign in. */
export function mayInvite(person: StaffRecord): boolean {
  return person.isActive && person.inviteStatus !== 'active';
}
