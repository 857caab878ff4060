import type { InviteStatus } from '../api';

/** docs/product.md#accounts-and-sign-in: staff read as Teaching or Non-Teaching. */
export function staffTypeLabel(isTeaching: boolean): string {
  return isTeaching ? 'Teaching' : 'Non-Teaching';
}

export const INVITE_STATUS: Record<InviteStatus, { label: string; color: string }> = {
  not_invited: { label: 'Not invited', color: 'default' },
  invited: { label: 'Invited', color: 'gold' },
  active: { label: 'Can sign in', color: 'green' },
};
