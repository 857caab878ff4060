import { ApiProperty } from '@nestjs/swagger';
import { MAX_FTE, MAX_WEEKLY_CAP, MIN_FTE, MIN_WEEKLY_CAP } from '../entities/staff.entity';
import { ROLES, type Role } from '../../../common/auth/roles';

export const INVITE_STATUSES = ['not_invited', 'invited', 'active'] as const;
export type InviteStatus = (typeof INVITE_STATUSES)[number];

/**
 * A staff member. Admins and managers get every field of everyone, and each person gets every
 * field of their own record; in a staff member's list a colleague's record has only `id`, `name`,
 * `isActive` and `isTeaching` (docs/product.md#what-people-see-of-each-other): the other fields
 * are absent, hence optional here.
 */
export class StaffDto {
  id!: string;
  name!: string;
  /** Admins, managers and the person themselves only. */
  email?: string;
  /** Admins, managers and the person themselves only. */
  department?: string | null;
  isActive!: boolean;
  /** Teaching or Non-Teaching staff. */
  isTeaching!: boolean;
  /** The linked user, once invited to sign in. Admins, managers and the person themselves only. */
  userId?: string | null;
  /** The linked user's role; empty when the person cannot sign in. Admins, managers and the person themselves only. */
  @ApiProperty({ enum: ROLES, enumName: 'Role', nullable: true, required: false })
  role?: Role | null;
  /**
   * `not_invited`: cannot sign in; `invited`: link sent, no password yet; `active`: can sign in.
   * Admins, managers and the person themselves only.
   */
  @ApiProperty({ enum: INVITE_STATUSES, enumName: 'InviteStatus', required: false })
  inviteStatus?: InviteStatus;
  /**
   * The weekdays they work, ISO: 1 = Monday … 5 = Friday, sorted (docs/product.md#working-patterns).
   * Admins, managers and the person themselves only.
   */
  @ApiProperty({ type: 'integer', isArray: true, minimum: 1, maximum: 5, example: [1, 2, 3, 4, 5], required: false })
  workingDays?: number[];
  /** Contract fraction, 0.05–1; null: their working days ÷ 5. Admins, managers and the person themselves only. */
  @ApiProperty({ type: Number, nullable: true, minimum: MIN_FTE, maximum: MAX_FTE, example: 0.6, required: false })
  fte?: number | null;
  /**
   * At most this many duties in a Monday–Sunday week, 1–5; null: the organisation's default.
   * Admins, managers and the person themselves only.
   */
  @ApiProperty({ type: 'integer', nullable: true, minimum: MIN_WEEKLY_CAP, maximum: MAX_WEEKLY_CAP, required: false })
  weeklyCap?: number | null;
  /**
   * Working days they would rather not do (ISO), honoured when it costs no fairness. Admins,
   * managers and the person themselves only.
   */
  @ApiProperty({ type: 'integer', isArray: true, minimum: 1, maximum: 5, example: [], required: false })
  avoidDays?: number[];
}

/** A staff record with every field: what admins and managers get of anyone, and each person of themselves. */
export type StaffRecord = Required<StaffDto>;
