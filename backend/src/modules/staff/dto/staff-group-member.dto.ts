import { ApiProperty } from '@nestjs/swagger';

/** A person in a staff group. */
export class StaffGroupMemberDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;
  name!: string;
}
