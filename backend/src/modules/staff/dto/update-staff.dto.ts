import { PartialType } from '@nestjs/swagger';
import { IsBoolean, ValidateIf } from 'class-validator';
import { CreateStaffDto } from './create-staff.dto';

/** Edit the fields, or set `isActive` alone to deactivate or reactivate; `invite` (re-)invites. */
// skipNullProperties: false — a field left out is unchanged, but null is validated (and refused
// where the column is NOT NULL) instead of reaching the database.
export class UpdateStaffDto extends PartialType(CreateStaffDto, { skipNullProperties: false }) {
  /** False deactivates (they leave the rota and cannot sign in); true reactivates. */
  @ValidateIf((_o, v) => v !== undefined)
  @IsBoolean({ message: 'isActive must be true or false' })
  isActive?: boolean;
}
