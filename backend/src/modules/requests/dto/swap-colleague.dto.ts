import { ApiProperty } from '@nestjs/swagger';

export class SwapColleagueDto {
  id!: string;
  name!: string;
  isTeaching!: boolean;
  /** Their future duties the requester could take in a trade (days the requester works, isn't on and isn't away). */
  @ApiProperty({ type: String, format: 'date', isArray: true })
  tradeDates!: string[];
}
