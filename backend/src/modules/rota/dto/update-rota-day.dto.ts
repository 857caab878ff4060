import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsBoolean, IsOptional, IsUUID, isUUID, registerDecorator, ValidateIf } from 'class-validator';
import { DutyIdField } from './duty-id-field';

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

  @DutyIdField()
  dutyId?: string;
}
