import { ApiProperty } from '@nestjs/swagger';

/**
 * The Dashboard's fairness hint: people more than one duty from their fair share and the changes
 * Rebalance would make in the planning year; both null when there is nothing to suggest.
 */
export class FairnessHintDto {
  @ApiProperty({ type: 'integer', nullable: true })
  people!: number | null;
  @ApiProperty({ type: 'integer', nullable: true })
  changes!: number | null;
}
