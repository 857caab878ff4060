import { RotaChangeDto } from '../../fact-changes/dto/rota-change.dto';
import { ApiProperty, PartialType } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsNumber, IsOptional, IsString, Max, MaxLength, Min, MinLength, ValidateIf } from 'class-validator';
import { IsoWeekdaysField } from '../../../common/validation/weekdays';
import { MAX_FTE, MAX_WEEKLY_CAP, MIN_FTE, MIN_WEEKLY_CAP } from '../entities/staff.entity';
import { ROLES, type Role } from '../../../common/auth/roles';
import { EmailField } from '../../auth/dto/fields';
import { emptyToNull, trim } from '../../../common/validation/normalize';

export const WORKING_DAYS_MESSAGE = 'Working days must be one or more of Monday to Friday (1 = Monday … 5 = Friday)';
export const AVOID_DAYS_MESSAGE = 'Days to avoid must be among Monday to Friday (1 = Monday … 5 = Friday)';
export const FTE_MESSAGE = `FTE must be a number from ${MIN_FTE} to ${MAX_FTE} with at most two decimals (e.g. 0.6), or empty for their working days ÷ 5`;
export const WEEKLY_CAP_MESSAGE = `Weekly cap must be a whole number of duties from ${MIN_WEEKLY_CAP} to ${MAX_WEEKLY_CAP}, or empty for the organisation's default`;

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

export class CreateStaffDto {
  @Transform(trim)
  @IsString({ message: 'Name is required' })
  @MinLength(1, { message: 'Name is required' })
  @MaxLength(100, { message: 'Name must be at most 100 characters' })
  name!: string;

  @EmailField('Please enter a valid email address')
  email!: string;

  /** Optional, e.g. "Science". */
  @IsOptional()
  @Transform(emptyToNull)
  @IsString({ message: 'Department must be text' })
  @MaxLength(100, { message: 'Department must be at most 100 characters' })
  department?: string | null;

  /** Teaching (default) or Non-Teaching. */
  // Left out: the default (or unchanged); null is refused, the column is NOT NULL.
  @ValidateIf((_o, v) => v !== undefined)
  @IsBoolean({ message: 'Staff type must be Teaching or Non-Teaching' })
  isTeaching?: boolean;

  /** The weekdays they work, ISO (1 = Monday … 5 = Friday); default every weekday. Sorted, repeats dropped. */
  // Left out: the default (or unchanged); null is refused, the column is NOT NULL.
  @ValidateIf((_o, v) => v !== undefined)
  @IsoWeekdaysField(WORKING_DAYS_MESSAGE, { minItems: 1 })
  workingDays?: number[];

  /**
   * Contract fraction, 0.05–1 in steps of 0.01; null or left out: their working days ÷ 5. Given
   * with `workingDays`, taken as meant even when it isn't the days ÷ 5. Left out of an edit that
   * changes the working days: an FTE that was the old days ÷ 5 becomes the new days ÷ 5, and one
   * set apart from them is refused (400: send it with the days). docs/product.md#working-patterns
   */
  @ApiProperty({ type: Number, nullable: true, required: false, minimum: MIN_FTE, maximum: MAX_FTE, example: 0.6 })
  @ValidateIf((_o, v) => v !== undefined && v !== null)
  @IsNumber({ maxDecimalPlaces: 2, allowNaN: false, allowInfinity: false }, { message: FTE_MESSAGE })
  @Min(MIN_FTE, { message: FTE_MESSAGE })
  @Max(MAX_FTE, { message: FTE_MESSAGE })
  fte?: number | null;

  /** At most this many duties a week, 1–5; null or left out: the organisation's default. */
  @ApiProperty({ type: 'integer', nullable: true, required: false, minimum: MIN_WEEKLY_CAP, maximum: MAX_WEEKLY_CAP })
  @ValidateIf((_o, v) => v !== undefined && v !== null)
  @IsInt({ message: WEEKLY_CAP_MESSAGE })
  @Min(MIN_WEEKLY_CAP, { message: WEEKLY_CAP_MESSAGE })
  @Max(MAX_WEEKLY_CAP, { message: WEEKLY_CAP_MESSAGE })
  weeklyCap?: number | null;

  /** Working days they would rather not do (ISO): some of `workingDays`, never all of them. Default none. */
  @ValidateIf((_o, v) => v !== undefined)
  @IsoWeekdaysField(AVOID_DAYS_MESSAGE, { minItems: 0 })
  avoidDays?: number[];

  /** Also invite them to sign in: emails a link to choose a password (valid 7 days). */
  @ValidateIf((_o, v) => v !== undefined)
  @IsBoolean({ message: 'invite must be true or false' })
  invite?: boolean;
}

/** Edit the fields, or set `isActive` alone to deactivate or reactivate; `invite` (re-)invites. */
// skipNullProperties: false — a field left out is unchanged, but null is validated (and refused
// where the column is NOT NULL) instead of reaching the database.
export class UpdateStaffDto extends PartialType(CreateStaffDto, { skipNullProperties: false }) {
  /** False deactivates (they leave the rota and cannot sign in); true reactivates. */
  @ValidateIf((_o, v) => v !== undefined)
  @IsBoolean({ message: 'isActive must be true or false' })
  isActive?: boolean;
}

/** A staff record as saved, with what the change did to the planned rota (docs/product.md#the-rota-stays-true). */
export class StaffUpdateResultDto extends StaffDto {
  /**
   * What the change did to the planned rota: deactivating takes the person off their duties from
   * today on, and fewer working days or a lower weekly cap off the duties that no longer fit; null
   * for any other change.
   */
  rotaChange!: RotaChangeDto | null;
}

export class ChangeRoleDto {
  @ApiProperty({ enum: ROLES, enumName: 'Role' })
  @IsIn(ROLES, { message: 'Role must be one of: admin, manager, staff' })
  role!: Role;
}

export class ImportRowDto {
  /** Line number in the file (the header is line 1). */
  line!: number;
  name!: string;
  email!: string;
  department!: string | null;
  isTeaching!: boolean;
  /** From the `working days` column (ISO, 1 = Monday … 5 = Friday); every weekday when blank. */
  @ApiProperty({ type: 'integer', isArray: true, minimum: 1, maximum: 5 })
  workingDays!: number[];
  /** From the `fte` column; null when blank. */
  @ApiProperty({ type: Number, nullable: true })
  fte!: number | null;
  /** Why the row cannot be imported; empty when it can. */
  errors!: string[];
}

export class ImportPreviewDto {
  rows!: ImportRowDto[];
  validCount!: number;
  errorCount!: number;
}

export class ImportResultDto {
  /** Staff members added. */
  imported!: number;
  /** Rows left out because of their errors. */
  skipped!: number;
}

/** The multipart body of the import endpoints. */
export class StaffCsvUploadDto {
  @ApiProperty({ type: 'string', format: 'binary', description: 'A CSV file (≤ 1 MB) with a header row: name, email, and optionally department, teaching, working days, fte.' })
  file!: unknown;
}
