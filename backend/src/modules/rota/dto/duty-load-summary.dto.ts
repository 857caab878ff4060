import { ApiProperty } from '@nestjs/swagger';
import { DutySpreadDto } from './duty-spread.dto';

/** The team's figures over every duty. */
export class DutyLoadSummaryDto {
  /** The largest |load − target| among active people, in weight (minutes), to one decimal. */
  largestGap!: number;
  /** Per duty of the view, in its order: the fewest and most of its slots held by an active person allowed on it. */
  @ApiProperty({ type: [DutySpreadDto] })
  perDuty!: DutySpreadDto[];
}
