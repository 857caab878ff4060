import { UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import { ConflictException } from '@nestjs/common';
import { EMAIL_IN_USE } from '../auth/accounts.service';
import type { User } from '../auth/entities/user.entity';
import type { InviteStatus, StaffDto, StaffRecord } from './dto/staff.dto';
import type { Staff } from './entities/staff.entity';
import type { WorkingPattern } from './working-pattern';

export const STAFF_EXISTS = 'A staff member with this email already exists';

/**
 * `active` once the person can sign in (a password, a verified address, a past sign-in: an
 * identity provider's accounts have the last two), `invited` while only an unused invitation
 * exists. AccountsService.canSignIn decides the same; staff-list.ts computes it in SQL.
 */
function inviteStatus(user: User | null | undefined): InviteStatus {
  if (!user) return 'not_invited';
  return user.hasPassword || user.emailVerified || user.lastLogin ? 'active' : 'invited';
}

export function toStaffDto(staff: Staff): StaffRecord {
  const user = staff.user?.getEntity();
  return {
    id: staff.id,
    name: staff.name,
    email: staff.email,
    department: staff.department ?? null,
    isActive: staff.isActive,
    isTeaching: staff.isTeaching,
    userId: user?.id ?? null,
    role: user?.role ?? null,
    inviteStatus: inviteStatus(user),
    ...patternOf(staff),
  };
}

export function patternOf(staff: Staff): WorkingPattern {
  return { workingDays: [...staff.workingDays], fte: staff.fte ?? null, weeklyCap: staff.weeklyCap ?? null, avoidDays: [...staff.avoidDays] };
}

/** The fields the audit log keeps for a staff member. */
export const auditView = (dto: StaffDto) => ({
  name: dto.name,
  email: dto.email,
  department: dto.department,
  isTeaching: dto.isTeaching,
  isActive: dto.isActive,
  workingDays: dto.workingDays,
  fte: dto.fte,
  weeklyCap: dto.weeklyCap,
  avoidDays: dto.avoidDays,
});

/** Runs a change; a unique-constraint race becomes the same 409 as the check. */
export async function withStaffConflicts<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof UniqueConstraintViolationException) {
      throw new ConflictException(/users_organization_id_email/.test(err.message) ? EMAIL_IN_USE : STAFF_EXISTS);
    }
    throw err;
  }
}
