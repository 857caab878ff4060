import { PartialType } from '@nestjs/swagger';
import { CreateStaffGroupDto } from './create-staff-group.dto';

/** Rename the group, or set its members (the list replaces them); a field left out is unchanged. */
// skipNullProperties: false — null is validated (and refused) rather than taken for "unchanged".
export class UpdateStaffGroupDto extends PartialType(CreateStaffGroupDto, {
  skipNullProperties: false,
}) {}
