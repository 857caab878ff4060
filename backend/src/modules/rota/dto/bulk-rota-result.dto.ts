import { ApiProperty } from '@nestjs/swagger';
import { LargestGapDto } from './largest-gap.dto';

/** What a bulk tool changed. */
export class BulkRotaResultDto {
  /** First and last day the tool looked at. */
  @ApiProperty({ format: 'date' })
  startDate!: string;
  @ApiProperty({ format: 'date' })
  endDate!: string;
  /** Days whose people changed. */
  changedDays!: number;
  /** Slots whose person changed (filled, emptied or given to someone else). */
  changedSlots!: number;
  /** Weekdays in the period left with at least one empty slot (nobody eligible). */
  unfilledSlots!: number;
  /** What happened, for a person to read. */
  message!: string;
  /** Rebalance only: the largest gap to fair share before and after, in duties. */
  @ApiProperty({ type: LargestGapDto, required: false, nullable: true })
  largestGap?: LargestGapDto | null;
}
