import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsBoolean, IsOptional, IsUUID, isUUID, registerDecorator, ValidateIf } from 'class-validator';
import { AcademicYearField } from '../../../common/validation/academic-year';
import { IsoDateField, NotBefore } from '../../../common/validation/iso-date';

export class RotaPersonDto {
  id!: string;
  name!: string;
}

export class RotaSlotDto {
  /** 1 = Duty Manager 1, … */
  position!: number;
  /** Who is on duty in this slot; null when it is empty. */
  staff!: RotaPersonDto | null;
}

/** One weekday of the rota (docs/product.md#duty-managers-per-day) with every slot of the day. */
export class RotaDayDto {
  id!: string;
  @ApiProperty({ format: 'date' })
  date!: string;
  dutyManager1Id!: string | null;
  dutyManager2Id!: string | null;
  dutyManager1!: RotaPersonDto | null;
  dutyManager2!: RotaPersonDto | null;
  /**
   * The day's slots in order: as many as the organisation's duty managers per day, or more on a
   * past day that had more people when the setting was higher.
   */
  slots!: RotaSlotDto[];
}

export class RotaRangeQueryDto {
  @IsoDateField('startDate')
  startDate!: string;

  @IsoDateField('endDate')
  @NotBefore('startDate', 'endDate must be on or after startDate')
  endDate!: string;
}

/** Every element is a staff id or null (an empty slot). */
function EachStaffIdOrNull() {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'eachStaffIdOrNull',
      target: target.constructor,
      propertyName: String(propertyName),
      options: { message: "Each of slots must be a staff member's id or null" },
      validator: {
        validate: (value: unknown) => !Array.isArray(value) || value.every((v) => v === null || isUUID(v, '4')),
      },
    });
}

const staffId = (label: string) => IsUUID('4', { message: `${label} must be a staff member's id` });

/**
 * Who should be on the day. People named here who are not yet on the day are assigned: to the
 * slot they are named in when it is empty, else to the first empty slot. Nobody is removed
 * (taking someone off a duty is a cancellation). `slots` lists every slot for days with more
 * than two duty managers; when given it is used instead of dutyManager1Id/dutyManager2Id.
 */
export class UpdateRotaDayDto {
  @IsOptional()
  @ValidateIf((_o, v) => v !== null)
  @staffId('dutyManager1Id')
  dutyManager1Id?: string | null;

  @IsOptional()
  @ValidateIf((_o, v) => v !== null)
  @staffId('dutyManager2Id')
  dutyManager2Id?: string | null;

  @IsOptional()
  @IsArray({ message: 'slots must be a list of staff ids (or null for an empty slot)' })
  @ArrayMaxSize(5, { message: 'A day has at most 5 slots' })
  @EachStaffIdOrNull()
  @ApiProperty({ type: 'array', items: { type: 'string', format: 'uuid', nullable: true }, required: false, maxItems: 5 })
  slots?: (string | null)[];

  /**
   * Assign even on a weekday outside a person's working pattern or above their weekly cap: the
   * server refuses those (409, `code: not_working_day` / `over_weekly_cap`) unless this confirms it.
   * Recorded in the activity log; the rota check then lets the duty stand.
   */
  @IsOptional()
  @IsBoolean({ message: 'override must be true or false' })
  override?: boolean;
}

/** Assigns people to a date: creates the rota day when it has none yet (docs/product.md#assigning-by-hand). */
export class CreateRotaDayDto extends UpdateRotaDayDto {
  @IsoDateField('date')
  date!: string;
}

/** Which academic year a bulk tool works on (docs/product.md#bulk-tools). */
export class ClearRotaDto {
  /**
   * The academic year by its first calendar year (2026 = 1 Sep 2026 – 31 Aug 2027): only its days
   * from today (or its 1 September) on. Every day from today on when omitted.
   */
  @AcademicYearField({ required: false })
  academicYear?: number;
}

export class BulkRotaDto {
  /**
   * The academic year to plan, by its first calendar year (2026 = 1 Sep 2026 – 31 Aug 2027): its
   * days from tomorrow or its 1 September, whichever is later, to `endDate` (which must fall in it)
   * or the end of its summer term. When omitted: from tomorrow to `endDate`, across academic years
   * if need be, each year's days against that year's fair shares; without `endDate` either, the
   * planning year (this one until its summer term has ended, then the next).
   */
  @AcademicYearField({ required: false })
  academicYear?: number;

  /**
   * Last day to plan (inclusive); the end of the summer term when omitted (31 August without term
   * dates, or when the summer term is over).
   */
  @IsOptional()
  @IsoDateField('endDate')
  endDate?: string;

  /**
   * Plan every weekday of a period whose academic year has no term dates yet. Without it such a
   * period is refused (`code: term_dates_missing`), so the holidays between terms don't get duties.
   */
  @IsOptional()
  @IsBoolean({ message: 'allWeekdays must be true or false' })
  allWeekdays?: boolean;
}

/** What a bulk tool changed. */
export class BulkRotaResultDto {
  /** First and last day the tool looked at. */
  @ApiProperty({ format: 'date' })
  startDate!: string;
  @ApiProperty({ format: 'date' })
  endDate!: string;
  /** Days whose people changed. */
  changedDays!: number;
  /** Slots whose person changed (filled, emptied or given to someone else). */
  changedSlots!: number;
  /** Weekdays in the period left with at least one empty slot (nobody eligible). */
  unfilledSlots!: number;
  /** What happened, for a person to read. */
  message!: string;
}

export class AcademicYearDto {
  /** e.g. "2025-2026". */
  label!: string;
  @ApiProperty({ format: 'date' })
  startDate!: string;
  @ApiProperty({ format: 'date' })
  endDate!: string;
  /** Last day of the statistics period (31 July). */
  @ApiProperty({ format: 'date' })
  statisticsEndDate!: string;
}

/** Today in the organisation's time zone, its week and academic year, and the week's rota. */
export class CurrentWeekDto {
  @ApiProperty({ format: 'date' })
  today!: string;
  /** Monday of the week containing today. */
  @ApiProperty({ format: 'date' })
  weekStart!: string;
  /** Friday of that week. */
  @ApiProperty({ format: 'date' })
  weekEnd!: string;
  academicYear!: AcademicYearDto;
  dutyManagersPerDay!: number;
  days!: RotaDayDto[];
}
