import { ApiProperty } from '@nestjs/swagger';

/** One active person's duties in a draft and their year's load against their fair share, in duties, the draft in place. */
export class DraftPersonDto {
  @ApiProperty({ format: 'uuid' })
  staffId!: string;
  name!: string;
  /** Their duties in the draft. */
  draftDuties!: number;
  /** Their load over the academic year with the draft in place, in duties (2 decimals). */
  load!: number;
  /** Their fair share of it, in duties (2 decimals). */
  share!: number;
  /** load − share (2 decimals). */
  difference!: number;
}
