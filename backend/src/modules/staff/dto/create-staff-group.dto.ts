import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsOptional, IsString, IsUUID, MaxLength, MinLength } from 'class-validator';
import { trim } from '../../../common/validation/normalize';

/** The most people one group holds: more than any school's staff. */
export const MAX_GROUP_MEMBERS = 1000;

export class CreateStaffGroupDto {
  /** e.g. "SLT", "First aiders"; unique in the organisation, whatever its case. */
  @Transform(trim)
  @IsString({ message: 'Group name is required' })
  @MinLength(1, { message: 'Group name is required' })
  @MaxLength(60, { message: 'Group name must be at most 60 characters' })
  name!: string;

  /** The staff in the group (their staff ids); none when left out. Repeats count once. */
  @IsOptional()
  @ApiProperty({ type: [String], format: 'uuid', required: false })
  @IsArray({ message: "Members must be a list of staff members' ids" })
  @ArrayMaxSize(MAX_GROUP_MEMBERS, {
    message: `A group has at most ${MAX_GROUP_MEMBERS} members`,
  })
  @IsUUID('4', {
    each: true,
    message: "Each member must be a staff member's id",
  })
  memberIds?: string[];
}
