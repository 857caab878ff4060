import { ApiProperty } from '@nestjs/swagger';
import { DutyLoadDutyDto } from './duty-load-duty.dto';
import { DutyLoadRowDto } from './duty-load-row.dto';
import { DutyLoadSummaryDto } from './duty-load-summary.dto';
import { FAIRNESS_PERIODS, FairnessPeriod } from './fairness-fields';

/** Each person's weighted load over every duty the school runs, against their fair share (docs/product.md#duties). */
export class DutyLoadDto {
  /** e.g. "2025-2026". */
  academicYear!: string;
  @ApiProperty({ enum: FAIRNESS_PERIODS, enumName: 'FairnessPeriod' })
  period!: FairnessPeriod;
  @ApiProperty({ format: 'date' })
  startDate!: string;
  @ApiProperty({ format: 'date' })
  endDate!: string;
  /** The duties not deleted, in the school's order: the active ones, and the paused ones with slots in the period. */
  @ApiProperty({ type: [DutyLoadDutyDto] })
  duties!: DutyLoadDutyDto[];
  /** Every active person for admins and managers, largest difference first; only the signed-in person's own row for staff. */
  @ApiProperty({ type: [DutyLoadRowDto] })
  rows!: DutyLoadRowDto[];
  summary!: DutyLoadSummaryDto;
}
