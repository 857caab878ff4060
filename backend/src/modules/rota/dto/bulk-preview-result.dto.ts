import { ApiProperty } from '@nestjs/swagger';
import { BulkChangeDto } from './bulk-change.dto';
import { BulkRotaResultDto } from './bulk-rota-result.dto';
import { LargestGapDto } from './largest-gap.dto';

/** What a bulk tool would change, computed as the apply computes it, nothing written. */
export class BulkPreviewResultDto extends BulkRotaResultDto {
  /** Every slot it would change, by date, duty (in the school's order) and slot. */
  changes!: BulkChangeDto[];
  /** People whose duties would change. */
  people!: number;
  /** Rebalance: the largest gap to fair share before and after, in duties; null for the other tools. */
  @ApiProperty({ type: LargestGapDto, nullable: true })
  override largestGap!: LargestGapDto | null;
}
