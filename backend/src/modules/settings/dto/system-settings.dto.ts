import { RotaChangeDto } from '../../../common/rota-integrity/rota-change.dto';
import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsString, Max, MaxLength, Min, MinLength, ValidateIf } from 'class-validator';
import {
  INSTRUCTIONS_CONTENT_MAX,
  INSTRUCTIONS_TITLE_MAX,
  MAX_DUTY_MANAGERS_PER_DAY,
  MIN_DUTY_MANAGERS_PER_DAY,
  PROCEDURE_FILE_NAME_MAX,
  PROCEDURE_FILE_URL_MAX,
} from '../entities/system-settings.entity';
import { trim } from '../../../common/validation/normalize';

const FILE_FIELDS_MESSAGE =
  'Upload the procedure document with POST /api/settings/procedure-file: its address and name are set from the upload. Send null to remove it.';

export const DUTY_MANAGERS_PER_DAY_MESSAGE = 'Duty managers per day must be between 1 and 5';

export class ProcedureFileInfoDto {
  fileName!: string;
  @ApiProperty({ enum: ['pdf', 'doc', 'docx'] })
  kind!: 'pdf' | 'doc' | 'docx';
  /** Bytes. */
  size!: number;
  uploadedAt!: Date;
}

export class SystemSettingsDto {
  /** How many duty managers each weekday has (1–5): the number of slots of every rota day. */
  dutyManagersPerDay!: number;
  /** The Instructions page's title (default "Duty Manager Instructions"). */
  instructionsTitle!: string;
  /** The Instructions page's text, shown preformatted; empty when none is configured. */
  instructionsContent!: string;
  /** Where signed-in members download the procedure document; null without one. */
  @ApiProperty({ type: String, nullable: true })
  procedureFileUrl!: string | null;
  @ApiProperty({ type: String, nullable: true })
  procedureFileName!: string | null;
  /** The uploaded document's details; null without one. */
  @ApiProperty({ type: ProcedureFileInfoDto, nullable: true })
  procedureFile!: ProcedureFileInfoDto | null;
}

export class UpdateSystemSettingsDto {
  /** Left out: unchanged. `null` is refused like any other value outside 1–5. */
  @ValidateIf((o: UpdateSystemSettingsDto) => o.dutyManagersPerDay !== undefined)
  @IsInt({ message: DUTY_MANAGERS_PER_DAY_MESSAGE })
  @Min(MIN_DUTY_MANAGERS_PER_DAY, { message: DUTY_MANAGERS_PER_DAY_MESSAGE })
  @Max(MAX_DUTY_MANAGERS_PER_DAY, { message: DUTY_MANAGERS_PER_DAY_MESSAGE })
  dutyManagersPerDay?: number;

  /** Left out: unchanged. */
  @ValidateIf((o: UpdateSystemSettingsDto) => o.instructionsTitle !== undefined)
  @Transform(trim)
  @IsString({ message: 'The instructions title is required' })
  @MinLength(1, { message: 'The instructions title is required' })
  @MaxLength(INSTRUCTIONS_TITLE_MAX, { message: `The instructions title must be at most ${INSTRUCTIONS_TITLE_MAX} characters` })
  instructionsTitle?: string;

  /** Plain text; left out: unchanged; empty: no instructions. */
  @ValidateIf((o: UpdateSystemSettingsDto) => o.instructionsContent !== undefined)
  @IsString({ message: 'The instructions must be text' })
  @MaxLength(INSTRUCTIONS_CONTENT_MAX, { message: `The instructions must be at most ${INSTRUCTIONS_CONTENT_MAX.toLocaleString('en-GB')} characters` })
  instructionsContent?: string;

  /** Only `null` (removes the procedure document) or the current value; set by the upload. */
  @ApiProperty({ type: String, nullable: true, required: false, maxLength: PROCEDURE_FILE_URL_MAX })
  @ValidateIf((o: UpdateSystemSettingsDto) => o.procedureFileUrl !== undefined && o.procedureFileUrl !== null)
  @IsString({ message: FILE_FIELDS_MESSAGE })
  @MaxLength(PROCEDURE_FILE_URL_MAX, { message: `The procedure file URL must be at most ${PROCEDURE_FILE_URL_MAX} characters` })
  procedureFileUrl?: string | null;

  @ApiProperty({ type: String, nullable: true, required: false, maxLength: PROCEDURE_FILE_NAME_MAX })
  @ValidateIf((o: UpdateSystemSettingsDto) => o.procedureFileName !== undefined && o.procedureFileName !== null)
  @IsString({ message: FILE_FIELDS_MESSAGE })
  @MaxLength(PROCEDURE_FILE_NAME_MAX, { message: `The procedure file name must be at most ${PROCEDURE_FILE_NAME_MAX} characters` })
  procedureFileName?: string | null;
}

export { FILE_FIELDS_MESSAGE };

export class SystemSettingsUpdateResultDto extends SystemSettingsDto {
  /**
   * Assignments removed because their day has fewer slots now (fewer duty managers per day),
   * from today on; past days keep their record. The same as `rotaChange.removedDuties`.
   */
  removedSlots!: number;
  /** What fewer duty managers per day did to the planned rota; null when the number did not go down. */
  rotaChange!: RotaChangeDto | null;
}

export class ProcedureFileLinkDto {
  /** Relative to the app; works without an Authorization header until `expiresAt`. */
  url!: string;
  expiresAt!: Date;
}
