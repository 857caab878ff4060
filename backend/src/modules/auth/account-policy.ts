import { ForbiddenException } from '@nestjs/common';
import type { Role } from '../../common/auth/roles';

/**
 * Who may act on whom (docs/security.md, "Who may act on whom"): admin > manager > staff.
 * Nobody changes the sign-in email, active state, role, name or linked account of someone with a
 * higher role than their own, so an admin's account is changed by an admin only; and nobody
 * grants a role above their own. Every route that writes a user, or links a staff record to
 * one, asks this function (through AccountsService and InvitationService), never its own copy.
 */
export const ROLE_RANK: Record<Role, number> = { staff: 1, manager: 2, admin: 3 };

/** What an action does to someone's account; the words finish "You can't … of an admin". */
export const ACCOUNT_CHANGES = {
  email: 'change the sign-in email',
  active: 'deactivate or reactivate the account',
  role: 'change the role',
  name: 'rename the account',
  link: 'link a staff record to the account',
  invite: 'send a sign-in invitation for the account',
} as const;
export type AccountChange = keyof typeof ACCOUNT_CHANGES;

export interface Actor {
  id: string;
  role: Role;
}

export function mayActOn(actor: Actor, target: { role: Role }): boolean {
  return ROLE_RANK[actor.role] >= ROLE_RANK[target.role];
}

export function assertMayActOn(actor: Actor, target: { role: Role; name?: string }, change: AccountChange): void {
  if (!mayActOn(actor, target)) {
    throw new ForbiddenException(
      `You can't ${ACCOUNT_CHANGES[change]} of ${target.name ?? 'this person'}: they are ${article(target.role)} ${target.role}, ` +
        `and only ${target.role === 'admin' ? 'an admin' : `${article(target.role)} ${target.role} or above`} may.`,
    );
  }
}

export function assertMayGrant(actor: Actor, role: Role): void {
  if (ROLE_RANK[role] > ROLE_RANK[actor.role]) {
    throw new ForbiddenException(`You can't make someone ${article(role)} ${role}: that role is above your own.`);
  }
}

function article(role: Role): string {
  return role === 'admin' ? 'an' : 'a';
}
