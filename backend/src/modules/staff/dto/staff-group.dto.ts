import { ApiProperty } from '@nestjs/swagger';
import { StaffGroupMemberDto } from './staff-group-member.dto';

/** A staff group (docs/product.md#staff-groups), its members by name. */
export class StaffGroupDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;
  /** e.g. "SLT", "First aiders". */
  name!: string;
  @ApiProperty({ type: [StaffGroupMemberDto] })
  members!: StaffGroupMemberDto[];
}
