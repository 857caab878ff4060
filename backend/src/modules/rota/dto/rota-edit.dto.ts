import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsInt, IsOptional, IsString, IsUUID, Max, MaxLength, Min, MinLength, ValidateIf } from 'class-validator';
import { trim } from '../../../common/validation/normalize';
import { AcademicYearField } from '../../../common/validation/academic-year';
import { IsoDateField } from '../../../common/validation/iso-date';
import { MultiLine } from '../../../common/validation/multi-line';
import { RULES_BROKEN, type RuleBroken } from '../engine/rota-rules';
import { RotaDayDto } from './rota.dto';

const REASON_MAX = 500;

/** One slot of one day: the thing a direct edit acts on (docs/product.md#editing-the-rota-directly). */
export class RotaSlotRefDto {
  @IsoDateField('date')
  date!: string;

  /** Slot number, from 1 (Duty Manager 1) to the organisation's duty managers per day. */
  @IsInt({ message: 'position must be a whole number from 1 to 5' })
  @Min(1, { message: 'position must be a whole number from 1 to 5' })
  @Max(5, { message: 'position must be a whole number from 1 to 5' })
  position!: number;
}

/** Puts a person in a slot: into an empty one, or in place of whoever is there. */
export class ReplaceOnRotaDto extends RotaSlotRefDto {
  @IsUUID('4', { message: "staffId must be a staff member's id" })
  staffId!: string;

  /**
   * Who the client saw in the slot: a staff id, or null for an empty slot. When given and the slot
   * holds someone else by now, nothing changes and the answer is 409, so an Assign on a slot
   * someone has just filled never replaces them unseen.
   */
  @IsOptional()
  @ValidateIf((_o, v) => v !== null)
  @IsUUID('4', { message: "expectedStaffId must be a staff member's id or null" })
  expectedStaffId?: string | null;

  /** Why, when someone is replaced; told to the person taken off. */
  @MultiLine()
  @IsOptional()
  @Transform(trim)
  @IsString({ message: 'The reason must be text' })
  @MaxLength(REASON_MAX, { message: `The reason must be at most ${REASON_MAX} characters` })
  reason?: string;

  /** Even outside the person's working pattern or above their weekly cap (see UpdateRotaDayDto.override). */
  @IsOptional()
  @IsBoolean({ message: 'override must be true or false' })
  override?: boolean;
}

/** Takes the person in a slot off the rota. */
export class RemoveFromRotaDto extends RotaSlotRefDto {
  /** Why; told to the person and kept in their history. */
  @MultiLine()
  @Transform(trim)
  @IsString({ message: 'Please give a reason for removing this duty' })
  @MinLength(1, { message: 'Please give a reason for removing this duty' })
  @MaxLength(REASON_MAX, { message: `The reason must be at most ${REASON_MAX} characters` })
  reason!: string;
}

/**
 * Moves the person in a slot to another day: its first empty slot or, with tradeWithStaffId, the
 * slot of that person, who takes the slot left behind (a trade).
 */
export class MoveOnRotaDto extends RotaSlotRefDto {
  @IsoDateField('toDate')
  toDate!: string;

  /**
   * Trade instead: this person, on duty on toDate, takes the duty on `date` in exchange (for a day
   * with no free slot; GET /api/rota/move-options lists who may). Both must be allowed on the day
   * they go to.
   */
  @IsOptional()
  @IsUUID('4', { message: "tradeWithStaffId must be a staff member's id" })
  tradeWithStaffId?: string;

  /** Even outside the person's working pattern or above their weekly cap (see UpdateRotaDayDto.override). */
  @IsOptional()
  @IsBoolean({ message: 'override must be true or false' })
  override?: boolean;
}

/** What a direct edit did. */
export class RotaEditResultDto {
  /** The days changed, as they are now (one, or two for a move). */
  days!: RotaDayDto[];
  /** What happened, for a person to read. */
  message!: string;
}

export class RotaCandidatesQueryDto {
  @IsoDateField('date')
  date!: string;
}

export class RotaHealthQueryDto {
  /**
   * The academic year whose school days to look at for empty slots, by its first calendar year
   * (2026 = 2026-2027). Default: the planning year (this one until its summer term has ended, then
   * the next).
   */
  @AcademicYearField({ required: false, inQuery: true })
  academicYear?: number;
}

export class RotaCandidateDto {
  id!: string;
  name!: string;
  department!: string | null;
  isTeaching!: boolean;
  /** Duties this academic year, planned ones included. */
  dutiesThisYear!: number;
}

/** Who may be put on a day, least loaded first (docs/product.md#editing-the-rota-directly). */
export class RotaCandidatesDto {
  @ApiProperty({ format: 'date' })
  date!: string;
  /** Why nobody may be on duty that day (a holiday, outside term time, a weekend), or null on a school day. */
  closed!: string | null;
  /** Active people who are not away and not already on the day, fewest duties this year first. */
  candidates!: RotaCandidateDto[];
}

export class RotaViolationDto {
  @ApiProperty({ format: 'date' })
  date!: string;
  position!: number;
  staffId!: string;
  staffName!: string;
  @ApiProperty({ enum: RULES_BROKEN, enumName: 'RotaRule' })
  rule!: RuleBroken;
  reason!: string;
}

export class UnfilledDayDto {
  @ApiProperty({ format: 'date' })
  date!: string;
  /** People on duty that day. */
  filled!: number;
  /** Slots the day has (duty managers per day). */
  slots!: number;
}

/** The rota's health from today on (docs/product.md#the-rota-stays-true). */
export class RotaHealthDto {
  /** The academic year looked at for unfilled days, e.g. "2026-2027". */
  academicYear!: string;
  /** The first day looked at for unfilled days: today, or the year's 1 September when that is later. */
  @ApiProperty({ format: 'date' })
  from!: string;
  /** The last day looked at for unfilled days: the end of the year's summer term (31 August without term dates, or once it is over). */
  @ApiProperty({ format: 'date' })
  to!: string;
  /** Assignments from today on that break a hard rule: always empty unless something is wrong. */
  violations!: RotaViolationDto[];
  /** School days from `from` to `to` with at least one empty slot. */
  unfilledDays!: UnfilledDayDto[];
  /** Academic years touching `from`..`to` with no term dates yet (e.g. "2025-2026"). */
  yearsWithoutTermDates!: string[];
}
