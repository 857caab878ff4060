import { PartialType } from '@nestjs/swagger';
import { CreateDutyDto } from './create-duty.dto';

/**
 * Changes a duty: a field left out is unchanged; `startTime` and `endTime` both null make it an
 * all-day duty, `place` null takes its place away. The Duty Manager duty takes only its place,
 * description, who may take it and its weight.
 */
// skipNullProperties: false — null is validated (and refused where it means nothing) rather than taken for "unchanged".
export class UpdateDutyDto extends PartialType(CreateDutyDto, {
  skipNullProperties: false,
}) {}
