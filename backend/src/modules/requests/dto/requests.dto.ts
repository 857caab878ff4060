import { ApiProperty, OmitType } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsOptional, IsString, IsUUID, MaxLength, MinLength, registerDecorator, ValidateIf, type ValidationArguments } from 'class-validator';
import { IsoDateField, NotBefore } from '../../../common/validation/iso-date';
import { RotaPersonDto } from '../../rota/dto/rota.dto';
import { CANCEL_SOURCES, type CancelSource } from '../entities/cancel-request.entity';
import { DECISIONS, type Decision, REQUEST_STATUSES, type RequestStatus, SWAP_STATUSES, type SwapStatus } from '../entities/request-status';
import { UNAVAILABILITY_TYPES, type UnavailabilityType } from '../../availability/entities/staff-unavailability.entity';
import { TIMETABLE_WEEKS, type TimetableWeek } from '../../availability/entities/recurring-unavailability.entity';
import { IsoWeekdaysField } from '../../../common/validation/weekdays';
import { trim } from '../../../common/validation/normalize';
import { MultiLine } from '../../../common/validation/multi-line';

export const REASON_MAX = 500;

/** A trimmed, non-blank reason of at most 500 characters. */
function Reason(required: string) {
  return (target: object, property: string) => {
    Transform(trim)(target, property);
    IsString({ message: required })(target, property);
    MinLength(1, { message: required })(target, property);
    MaxLength(REASON_MAX, { message: `The reason must be at most ${REASON_MAX} characters` })(target, property);
  };
}

/** Request payloads carry `status` (docs/product.md#requests); a new request can only be pending, so anything else is refused. */
function NewStatus() {
  return (target: object, property: string) => {
    ApiProperty({ enum: ['pending'], required: false, description: 'Optional; a new request is always pending.' })(target, property);
    IsOptional()(target, property);
    IsIn(['pending'], { message: 'A new request is always pending: leave status out or send "pending"' })(target, property);
  };
}

/** `{status: approved | rejected}`: the decision on a pending request. */
export class DecideRequestDto {
  @ApiProperty({ enum: DECISIONS, enumName: 'Decision' })
  @IsIn(DECISIONS, { message: 'Status must be approved or rejected' })
  status!: Decision;
}

export class RequestPersonDto extends RotaPersonDto {}

// ---- Swaps -----------------------------------------------------------------------------------

export class SwapRequestDto {
  id!: string;
  requesterId!: string;
  /** The colleague asked; null for an open request nobody has taken yet. */
  targetId!: string | null;
  /** `{id, name}`; null only if the record can't be found (shown as "Unknown Staff"). */
  requester!: RequestPersonDto | null;
  /** Null for an open request nobody has taken yet. */
  target!: RequestPersonDto | null;
  /** Offered to every colleague who can take it ("Ask anyone"); the first to accept becomes the target. */
  open!: boolean;
  /** The requester's duty that the target takes over. */
  @ApiProperty({ format: 'date' })
  originalDate!: string;
  /** Equal to originalDate for a cover; otherwise the target's duty the requester takes in return. */
  @ApiProperty({ format: 'date' })
  swapDate!: string;
  @ApiProperty({ enum: ['cover', 'trade'], enumName: 'SwapKind' })
  kind!: 'cover' | 'trade';
  reason!: string;
  /**
   * `awaiting_colleague` → the colleague accepts (`pending`, for approvers) or declines
   * (`declined`); `withdrawn` by the requester; `expired` when its day passed undecided; then
   * `approved` or `rejected` (docs/product.md#swap-requests).
   */
  @ApiProperty({ enum: SWAP_STATUSES, enumName: 'SwapStatus' })
  status!: SwapStatus;
  /** Who the request waits for now: the colleague, the approvers, or nobody (it is over). */
  @ApiProperty({ enum: ['colleague', 'approval'], enumName: 'SwapWaitingFor', nullable: true })
  waitingFor!: 'colleague' | 'approval' | null;
  /** The signed-in person may accept it (they were asked, or it is open and not theirs). */
  canAnswer!: boolean;
  /** The signed-in person may decline it (they were asked by name). */
  canDecline!: boolean;
  /**
   * Withdraw is offered: the request is the signed-in person's own and still open. (Approvers may
   * also withdraw anyone's; their screens offer Reject instead.)
   */
  canWithdraw!: boolean;
  /** When the colleague accepted or declined. */
  answeredAt!: string | null;
  /** An admin approved it before the colleague answered. */
  approvedUnanswered!: boolean;
  /** Approved at once by auto-approval (after the colleague accepted). */
  processedAutomatically!: boolean;
  /** Who approved, rejected or withdrew it (null while open or when decided automatically). */
  decidedBy!: RequestPersonDto | null;
  decidedAt!: string | null;
  createdAt!: string;
  updatedAt!: string;
}

export class CreateSwapRequestDto {
  @IsUUID('all', { message: 'Please choose the staff member whose duty it is' })
  requesterId!: string;

  /** The colleague asked; leave out with `open`. */
  @ValidateIf((o: CreateSwapRequestDto) => o.open !== true || o.targetId !== undefined)
  @IsUUID('all', { message: 'Please select a staff member to swap with' })
  targetId?: string;

  /** "Ask anyone": offer the duty (a cover: swapDate = originalDate) to every colleague who can take it. Default false. */
  @ValidateIf((_o, v) => v !== undefined)
  @IsBoolean({ message: 'open must be true or false' })
  open?: boolean;

  @IsoDateField('Original date')
  originalDate!: string;

  /** The same as originalDate for a cover (what the duty dialog sends). */
  @IsoDateField('Swap date')
  swapDate!: string;

  @Reason('Please provide a reason for the swap')
  @MultiLine()
  reason!: string;

  @NewStatus()
  status?: 'pending';
}

export class SwapRequestResultDto {
  request!: SwapRequestDto;
  /** Approved at once by auto-approval; never on creation now that the colleague is asked first. */
  processedAutomatically!: boolean;
  /** What happened, in words for the toast. */
  message!: string;
}

/** What the requester may pick: their own future duties and, for one of them, the colleagues who can take it. */
export class SwapOptionsQueryDto {
  @IsUUID('all', { message: 'Please choose the staff member whose duty it is' })
  requesterId!: string;

  /** The duty to swap; leave out to list only the requester's duties. */
  @IsOptional()
  @IsoDateField('Original date')
  originalDate?: string;

  /**
   * With swapDate, instead of originalDate: a trade onto this colleague's duty on swapDate. The
   * answer's `duties` are then only the requester's duties this colleague could take in exchange
   * (and the requester theirs), and `colleagues` is empty.
   */
  @ValidateIf((o: SwapOptionsQueryDto) => o.targetId !== undefined || o.swapDate !== undefined)
  @IsUUID('all', { message: 'Please choose the colleague to trade with (targetId), with their duty (swapDate)' })
  targetId?: string;

  /** The colleague's duty a trade is for (with targetId). */
  @ValidateIf((o: SwapOptionsQueryDto) => o.targetId !== undefined || o.swapDate !== undefined)
  @IsoDateField('Swap date')
  swapDate?: string;
}

export class SwapColleagueDto {
  id!: string;
  name!: string;
  isTeaching!: boolean;
  /** Their future duties the requester could take in a trade (days the requester works, isn't on and isn't away). */
  @ApiProperty({ type: String, format: 'date', isArray: true })
  tradeDates!: string[];
}

export class SwapOptionsDto {
  /** The requester's duties from today on. */
  @ApiProperty({ type: String, format: 'date', isArray: true })
  duties!: string[];
  /** For `originalDate`: the colleagues who can take it (active, work that weekday, not on duty, not away, under their cap), by name. */
  colleagues!: SwapColleagueDto[];
}

// ---- Cancellations ---------------------------------------------------------------------------

export class CancelRequestDto {
  id!: string;
  staffId!: string;
  /** `{id, name}`; null only if the record can't be found. */
  staff!: RequestPersonDto | null;
  @ApiProperty({ format: 'date' })
  date!: string;
  reason!: string;
  @ApiProperty({ enum: REQUEST_STATUSES, enumName: 'RequestStatus' })
  status!: RequestStatus;
  /** `request`: asked for; `unavailability`: removed because an unavailability period was added. */
  @ApiProperty({ enum: CANCEL_SOURCES, enumName: 'CancelSource' })
  source!: CancelSource;
  processedAutomatically!: boolean;
  /** Who auto-fill put in the freed slot, if anyone. */
  replacement!: RequestPersonDto | null;
  decidedBy!: RequestPersonDto | null;
  decidedAt!: string | null;
  createdAt!: string;
  updatedAt!: string;
}

export class CreateCancelRequestDto {
  @IsUUID('all', { message: 'Please choose the staff member whose duty it is' })
  staffId!: string;

  @IsoDateField('Date')
  date!: string;

  @Reason('Please provide a reason for cancellation')
  @MultiLine()
  reason!: string;

  @NewStatus()
  status?: 'pending';
}

export class CancelRequestResultDto {
  request!: CancelRequestDto;
  processedAutomatically!: boolean;
  /** Who was put in the freed slot (auto-fill), if anyone. */
  replacement!: RequestPersonDto | null;
  message!: string;
}

// ---- Unavailability --------------------------------------------------------------------------

export class UnavailabilityDto {
  id!: string;
  staffId!: string;
  @ApiProperty({ format: 'date' })
  startDate!: string;
  /** Last day (inclusive). */
  @ApiProperty({ format: 'date' })
  endDate!: string;
  reason!: string;
  @ApiProperty({ enum: UNAVAILABILITY_TYPES, enumName: 'UnavailabilityType' })
  type!: UnavailabilityType;
  createdAt!: string;
}

export class CreateUnavailabilityDto {
  @IsUUID('all', { message: 'Please choose a staff member' })
  staffId!: string;

  @IsoDateField('Start date')
  startDate!: string;

  @IsoDateField('End date')
  @NotBefore('startDate', 'End date must be after start date')
  endDate!: string;

  @Reason('Please fill in all required fields')
  @MultiLine()
  reason!: string;

  /** Default annual_leave. */
  @ApiProperty({ enum: UNAVAILABILITY_TYPES, enumName: 'UnavailabilityType', required: false })
  @IsOptional()
  @IsIn(UNAVAILABILITY_TYPES, { message: `Type must be one of: ${UNAVAILABILITY_TYPES.join(', ')}` })
  type?: UnavailabilityType;
}

/**
 * A period's new dates, reason and type (the person stays the same). Days it newly covers lose
 * their duties as when a period is added; days it no longer covers get none back.
 */
export class UpdateUnavailabilityDto extends OmitType(CreateUnavailabilityDto, ['staffId', 'type'] as const) {
  /** Unchanged when left out. */
  @ApiProperty({ enum: UNAVAILABILITY_TYPES, enumName: 'UnavailabilityType', required: false })
  @IsOptional()
  @IsIn(UNAVAILABILITY_TYPES, { message: `Type must be one of: ${UNAVAILABILITY_TYPES.join(', ')}` })
  type?: UnavailabilityType;
}

export class UnavailabilityResultDto {
  unavailability!: UnavailabilityDto;
  /** Duties in the period (from today on) the person was taken off. */
  cancelledDuties!: number;
  /** Of those, how many auto-fill gave to someone else. */
  refilledDuties!: number;
  message!: string;
}

// ---- Weekly commitments (recurring unavailability) -------------------------------------------

export const RECURRING_WEEKDAYS_MESSAGE = 'Choose one or more weekdays, Monday to Friday (1 = Monday … 5 = Friday)';
export const WEEK_REQUIRED_MESSAGE = 'Choose Week A or Week B for a commitment every other week';
export const WEEK_ONLY_EVERY_OTHER_MESSAGE = 'Week A or B is only for a commitment every other week: leave week out';

export class RecurringUnavailabilityDto {
  id!: string;
  staffId!: string;
  /** The weekdays it covers, ISO: 1 = Monday … 5 = Friday, sorted. */
  @ApiProperty({ type: 'integer', isArray: true, minimum: 1, maximum: 5, example: [2] })
  weekdays!: number[];
  @ApiProperty({ format: 'date' })
  startDate!: string;
  /** Last day (inclusive). */
  @ApiProperty({ format: 'date' })
  endDate!: string;
  /** Only in one week of the organisation's two-week timetable. */
  everyOtherWeek!: boolean;
  /** `A` or `B` when `everyOtherWeek`; null when every week. */
  @ApiProperty({ enum: TIMETABLE_WEEKS, enumName: 'TimetableWeek', nullable: true })
  week!: TimetableWeek | null;
  reason!: string;
  createdAt!: string;
}

export class CreateRecurringUnavailabilityDto {
  @IsUUID('all', { message: 'Please choose a staff member' })
  staffId!: string;

  /** ISO weekdays: 1 = Monday … 5 = Friday. Sorted, repeats dropped. */
  @IsoWeekdaysField(RECURRING_WEEKDAYS_MESSAGE, { minItems: 1 })
  weekdays!: number[];

  /** First day it applies. */
  @IsoDateField('Start date')
  startDate!: string;

  /** Last day it applies (inclusive), at most about two years after the start. */
  @IsoDateField('End date')
  @NotBefore('startDate', 'End date must be after start date')
  endDate!: string;

  /** Only every other week: in Week A or Week B (needs the organisation's Week A, set in the settings). Default false. */
  @ValidateIf((_o, v) => v !== undefined)
  @IsBoolean({ message: 'everyOtherWeek must be true or false' })
  everyOtherWeek?: boolean;

  /** `A` or `B`, with `everyOtherWeek` only. */
  @ApiProperty({ enum: TIMETABLE_WEEKS, enumName: 'TimetableWeek', required: false, nullable: true })
  @ValidateIf((o: CreateRecurringUnavailabilityDto, v) => o.everyOtherWeek === true || (v !== undefined && v !== null))
  @IsIn(TIMETABLE_WEEKS, { message: WEEK_REQUIRED_MESSAGE })
  @IsEmptyUnlessEveryOtherWeek()
  week?: TimetableWeek | null;

  /** Why, e.g. "Year 9 football club". */
  @Reason('Please give a reason, e.g. "Year 9 football club"')
  reason!: string;
}

/** Refuses a week (A or B) on a commitment that is every week. */
function IsEmptyUnlessEveryOtherWeek() {
  return (target: object, propertyName: string) =>
    registerDecorator({
      name: 'isEmptyUnlessEveryOtherWeek',
      target: target.constructor,
      propertyName,
      options: { message: WEEK_ONLY_EVERY_OTHER_MESSAGE },
      validator: {
        validate: (value: unknown, args: ValidationArguments) =>
          (args.object as CreateRecurringUnavailabilityDto).everyOtherWeek === true || value === undefined || value === null,
      },
    });
}

export class RecurringUnavailabilityResultDto {
  rule!: RecurringUnavailabilityDto;
  /** Duties on the days it covers (from today on) the person was taken off. */
  cancelledDuties!: number;
  /** Of those, how many auto-fill gave to someone else. */
  refilledDuties!: number;
  message!: string;
}

// ---- Auto-approval ---------------------------------------------------------------------------

export class AutoApprovalSettingsDto {
  /** New swap requests are approved at once. */
  swaps!: boolean;
  /** New cancel requests are approved at once. */
  cancellations!: boolean;
  /** An approved cancellation's slot is refilled with the least-loaded eligible person. */
  autoFillCancellations!: boolean;
}

export class SaveAutoApprovalSettingsDto {
  /** The signed-in admin's own password, checked again before the change. */
  @IsOptional()
  @IsString({ message: 'Please enter the admin password to save settings.' })
  @MaxLength(200, { message: 'The password is too long' })
  adminPassword?: string;

  /**
   * A current code from the admin's authenticator app (or a recovery code), needed as well when
   * their two-step verification is on (docs/security.md, "Re-authentication").
   */
  @IsOptional()
  @IsString({ message: 'Enter the 6-digit code from your authenticator app.' })
  @MaxLength(64, { message: 'Enter the 6-digit code from your authenticator app.' })
  twoFactorCode?: string;

  // Left out: unchanged; null is refused like any other non-boolean (the column is NOT NULL).
  @ValidateIf((_o, v) => v !== undefined)
  @IsBoolean({ message: 'swaps must be true or false' })
  swaps?: boolean;

  @ValidateIf((_o, v) => v !== undefined)
  @IsBoolean({ message: 'cancellations must be true or false' })
  cancellations?: boolean;

  @ValidateIf((_o, v) => v !== undefined)
  @IsBoolean({ message: 'autoFillCancellations must be true or false' })
  autoFillCancellations?: boolean;
}
