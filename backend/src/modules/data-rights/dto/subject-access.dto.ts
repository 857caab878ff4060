import { ApiProperty } from '@nestjs/swagger';
import { ROLES, type Role } from '../../../common/auth/roles';
import { UNAVAILABILITY_TYPES, type UnavailabilityType } from '../../availability/entities/staff-unavailability.entity';
import { CANCEL_SOURCES, type CancelSource } from '../../requests/entities/cancel-request.entity';
import { NotificationDto } from '../../notifications/dto/notification.dto';

/** What `format` says of a subject access document: it is this, and not an organisation export. */
export const SUBJECT_ACCESS_FORMAT = 'duty-manager/subject-access';
/** Raised when a field is removed or changes meaning; a field added keeps it. */
export const SUBJECT_ACCESS_SCHEMA_VERSION = 1;

/** A sign-in through an identity provider linked to the account: the provider, never its keys. */
export class SubjectIdentityDto {
  /** `google`, `microsoft` or `oidc` (the school's own OpenID Provider). */
  provider!: string;
  /** When it was linked (ISO 8601). */
  createdAt!: string;
  /** When it was last used to sign in (ISO 8601); null: never since it was linked. */
  lastUsedAt!: string | null;
}

/** A calendar subscription link: when it was made and used, never the token. */
export class SubjectCalendarFeedDto {
  createdAt!: string;
  lastUsedAt!: string | null;
  /** False once it stopped working (every session of the account was ended since it was made). */
  active!: boolean;
}

/** The person: their staff record and, when they can sign in, their account. */
export class SubjectProfileDto {
  /** Their staff record; null for an account without one. */
  staffId!: string | null;
  /** Their account; null for a staff record that cannot sign in. */
  userId!: string | null;
  name!: string;
  email!: string;
  /** The account's role; null without an account. */
  @ApiProperty({ enum: ROLES, enumName: 'Role', nullable: true })
  role!: Role | null;
  department!: string | null;
  /** Teaching (true) or non-teaching (false) staff; null without a staff record. */
  isTeaching!: boolean | null;
  /** Weekdays worked, ISO (1 = Monday … 5 = Friday); empty without a staff record. */
  @ApiProperty({ type: 'integer', isArray: true })
  workingDays!: number[];
  /** Contract fraction; null: working days ÷ 5. */
  fte!: number | null;
  /** At most this many duties a week; null: the school's default. */
  weeklyCap!: number | null;
  /** Working days they would rather not do duties, ISO. */
  @ApiProperty({ type: 'integer', isArray: true })
  avoidDays!: number[];
  /** Whether the staff record (else the account) is active: false once they have left. */
  isActive!: boolean;
  /** When the staff record (else the account) was made (ISO 8601). */
  createdAt!: string;
  /** The account's last sign-in (ISO 8601); null: never, or no account. */
  lastSignInAt!: string | null;
  /** Whether two-step verification is on for the account. */
  twoFactorEnabled!: boolean;
  @ApiProperty({ type: [SubjectIdentityDto] })
  signInIdentities!: SubjectIdentityDto[];
  @ApiProperty({ type: [SubjectCalendarFeedDto] })
  calendarFeeds!: SubjectCalendarFeedDto[];
}

/** One duty on one day. */
export class SubjectDutyDto {
  /** ISO date, YYYY-MM-DD. */
  date!: string;
  /** The duty's name ("Duty Manager" for the Duty Manager duty). */
  duty!: string;
  isDutyManager!: boolean;
  place!: string | null;
  /** `HH:mm`; null for an all-day duty. */
  startTime!: string | null;
  endTime!: string | null;
  /** Their place among the duty's people that day (1 = first). */
  position!: number;
  /** Kept on the rota through re-planning (a swap, cover or hand edit). */
  pinned!: boolean;
  /** Why it is pinned: `swap`, `cover`, `hand` or `override`; null when not pinned. */
  pinnedReason!: string | null;
}

/** A swap request they made, were asked for, or decided. */
export class SubjectSwapRequestDto {
  id!: string;
  /** How they took part: they `asked`, were `asked_to_swap` (the colleague), or `decided` it. */
  @ApiProperty({ enum: ['asked', 'asked_to_swap', 'decided'], isArray: true })
  involvement!: ('asked' | 'asked_to_swap' | 'decided')[];
  /** Who asked (a name). */
  requester!: string | null;
  /** Who was asked (a name); null for an open offer nobody has taken. */
  colleague!: string | null;
  /** The requester's duty and date. */
  duty!: string;
  originalDate!: string;
  /** The duty and date given back in exchange. */
  swapDuty!: string;
  swapDate!: string;
  reason!: string;
  status!: string;
  createdAt!: string;
  answeredAt!: string | null;
  decidedAt!: string | null;
  /** Who decided it (a name); null while undecided or when decided automatically. */
  decidedBy!: string | null;
}

/** A cancel request they made or decided, or a record of their removal from a duty. */
export class SubjectCancelRequestDto {
  id!: string;
  /** How they took part: the duty was `theirs`, they were the `replacement`, or they `decided` it. */
  @ApiProperty({ enum: ['theirs', 'replacement', 'decided'], isArray: true })
  involvement!: ('theirs' | 'replacement' | 'decided')[];
  /** Whose duty it was (a name). */
  staff!: string | null;
  date!: string;
  duty!: string;
  reason!: string;
  status!: string;
  /** `request` (asked for), or a record the app kept: `unavailability`, `rota_change`, `rota_edit`. */
  @ApiProperty({ enum: CANCEL_SOURCES })
  source!: CancelSource;
  replacement!: string | null;
  createdAt!: string;
  decidedAt!: string | null;
  decidedBy!: string | null;
}

/** A dated period away. */
export class SubjectUnavailabilityDto {
  startDate!: string;
  endDate!: string;
  @ApiProperty({ enum: UNAVAILABILITY_TYPES })
  type!: UnavailabilityType;
  reason!: string;
  createdAt!: string;
}

/** A weekly commitment (recurring unavailability). */
export class SubjectWeeklyUnavailabilityDto {
  /** ISO weekdays, 1 = Monday … 5 = Friday. */
  @ApiProperty({ type: 'integer', isArray: true })
  weekdays!: number[];
  startDate!: string;
  endDate!: string;
  everyOtherWeek!: boolean;
  /** Timetable week `A` or `B` when every other week. */
  week!: string | null;
  startTime!: string | null;
  endTime!: string | null;
  reason!: string;
  createdAt!: string;
}

export class SubjectAvailabilityDto {
  @ApiProperty({ type: [SubjectUnavailabilityDto] })
  periods!: SubjectUnavailabilityDto[];
  @ApiProperty({ type: [SubjectWeeklyUnavailabilityDto] })
  weekly!: SubjectWeeklyUnavailabilityDto[];
}

/** An email sent (or queued) to their address. */
export class SubjectEmailDto {
  createdAt!: string;
  sentAt!: string | null;
  /** What the email was for, e.g. `invitation`, `duty_reminder`. */
  kind!: string;
  subject!: string;
  /** `pending`, `sending`, `sent`, `simulated` or `failed`. */
  status!: string;
  /** The text body while it is kept; null once removed after the retention period, and always for an email holding a sign-in link. */
  text!: string | null;
}

/** One field an activity log entry changed, with its value before and after (null: none). */
export class SubjectAuditChangeDto {
  /** The field, e.g. `department`. */
  field!: string;
  @ApiProperty({ description: 'The value before the change (a string, number, boolean or list); null when it had none.', nullable: true })
  before!: unknown;
  @ApiProperty({ description: 'The value after the change; null when it has none.', nullable: true })
  after!: unknown;
}

/** An activity log entry made by them or about them. */
export class SubjectAuditEntryDto {
  createdAt!: string;
  /** Their staff record, when the entry is about it. */
  staffId?: string;
  /** Their account, when the entry is about it. */
  userId?: string;
  /** Who made the change (a name, or "System"). */
  actorName!: string;
  kind!: string;
  action!: string;
  summary!: string;
  /** The fields the change touched, for an entry about them; empty for an entry about someone else. */
  @ApiProperty({ type: [SubjectAuditChangeDto] })
  changes!: SubjectAuditChangeDto[];
}

/**
 * Everything Duty Manager holds about one person in their organisation (docs/security.md,
 * "Subject access"): a JSON document, versioned. Secrets (password hash, two-step secret, token
 * hashes) are never in it.
 */
export class SubjectAccessDto {
  /** Always `duty-manager/subject-access`. */
  @ApiProperty({ enum: [SUBJECT_ACCESS_FORMAT] })
  format!: typeof SUBJECT_ACCESS_FORMAT;
  /** The version of this document's shape. */
  @ApiProperty({ type: 'integer', example: SUBJECT_ACCESS_SCHEMA_VERSION })
  schemaVersion!: number;
  /** When it was made (ISO 8601). */
  generatedAt!: string;
  /** The organisation (school) that holds the data: the controller. */
  organization!: string;
  profile!: SubjectProfileDto;
  @ApiProperty({ type: [SubjectDutyDto] })
  duties!: SubjectDutyDto[];
  @ApiProperty({ type: [SubjectSwapRequestDto] })
  swapRequests!: SubjectSwapRequestDto[];
  @ApiProperty({ type: [SubjectCancelRequestDto] })
  cancelRequests!: SubjectCancelRequestDto[];
  @ApiProperty({ type: [NotificationDto] })
  notifications!: NotificationDto[];
  unavailability!: SubjectAvailabilityDto;
  @ApiProperty({ type: [SubjectEmailDto] })
  emails!: SubjectEmailDto[];
  @ApiProperty({ type: [SubjectAuditEntryDto] })
  auditEntries!: SubjectAuditEntryDto[];
}
