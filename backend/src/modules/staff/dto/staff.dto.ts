import { RotaChangeDto } from '../../../common/rota-integrity/rota-change.dto';
import { ApiProperty, PartialType } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsOptional, IsString, MaxLength, MinLength, ValidateIf } from 'class-validator';
import { ROLES, type Role } from '../../../common/auth/roles';
import { EmailField } from '../../auth/dto/fields';
import { emptyToNull, trim } from '../../../common/validation/normalize';

export const INVITE_STATUSES = ['not_invited', 'invited', 'active'] as const;
export type InviteStatus = (typeof INVITE_STATUSES)[number];

export class StaffDto {
  id!: string;
  name!: string;
  email!: string;
  department!: string | null;
  isActive!: boolean;
  /** Teaching or Non-Teaching staff. */
  isTeaching!: boolean;
  /** The linked user, once invited to sign in. */
  userId!: string | null;
  /** The linked user's role; empty when the person cannot sign in. */
  @ApiProperty({ enum: ROLES, enumName: 'Role', nullable: true })
  role!: Role | null;
  /** `not_invited`: cannot sign in; `invited`: link sent, no password yet; `active`: can sign in. */
  @ApiProperty({ enum: INVITE_STATUSES, enumName: 'InviteStatus' })
  inviteStatus!: InviteStatus;
}

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
  /** Deactivating takes the person off their duties from today on; null for any other change. */
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
  @ApiProperty({ type: 'string', format: 'binary', description: 'A CSV file (≤ 1 MB) with a header row: name, email, department, teaching.' })
  file!: unknown;
}
