import { ApiProperty } from '@nestjs/swagger';
import { FAIRNESS_PERIODS, FairnessPeriod } from './fairness-fields';
import { FairnessRowDto } from './fairness-row.dto';
import { FairnessSummaryDto } from './fairness-summary.dto';

export class FairnessDto {
  /** e.g. "2025-2026". */
  academicYear!: string;
  @ApiProperty({ enum: FAIRNESS_PERIODS, enumName: 'FairnessPeriod' })
  period!: FairnessPeriod;
  @ApiProperty({ format: 'date' })
  startDate!: string;
  @ApiProperty({ format: 'date' })
  endDate!: string;
  /** Everyone for admins and managers; only the signed-in person's own line for staff. */
  rows!: FairnessRowDto[];
  summary!: FairnessSummaryDto;
}
