import { ApiProperty } from '@nestjs/swagger';
import { DutyLoadCountDto } from './duty-load-count.dto';

/** One active person's weighted load over every duty against their fair share of it. */
export class DutyLoadRowDto {
  @ApiProperty({ format: 'uuid' })
  staffId!: string;
  name!: string;
  /** Σ weight of their duties done and planned in the period. */
  load!: number;
  /** Their fair share of the period's weighted load, as the engine computes it, to one decimal. */
  target!: number;
  /** load − target, to one decimal: above 0 they carry more than their share. */
  difference!: number;
  /** Per duty of the view, in its order. */
  @ApiProperty({ type: [DutyLoadCountDto] })
  perDuty!: DutyLoadCountDto[];
}
