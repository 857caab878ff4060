import { ApiProperty } from '@nestjs/swagger';
import { DUTY_ELIGIBILITY, type DutyEligibility } from '../entities/duty.entity';
import { DutyWeekdayDto } from './duty-weekday.dto';

/** A duty the school runs (docs/product.md#duties). */
export class DutyDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;
  /** The Duty Manager duty: every school has it; its people per day are the settings' duty managers per day. */
  isDutyManager!: boolean;
  name!: string;
  /** Where the post is; null when not given. */
  @ApiProperty({ type: String, nullable: true })
  place!: string | null;
  /** Where the post moves on a wet day (docs/product.md#duties); left out when it has none. */
  @ApiProperty({ type: String, required: false })
  wetPlace?: string;
  /** What the post involves, shown to whoever is on it. */
  description!: string;
  /** `HH:mm`; null with endTime for an all-day duty. */
  @ApiProperty({ type: String, nullable: true, example: '12:15' })
  startTime!: string | null;
  @ApiProperty({ type: String, nullable: true, example: '13:00' })
  endTime!: string | null;
  /** The weekdays it runs on, Monday first, each with the people it needs. */
  @ApiProperty({ type: [DutyWeekdayDto] })
  weekdays!: DutyWeekdayDto[];
  /** Who may take it. */
  @ApiProperty({ enum: DUTY_ELIGIBILITY, enumName: 'DutyEligibility' })
  eligible!: DutyEligibility;
  /** Its weight for fairness (its minutes by default). */
  weight!: number;
  /** Whether the teaching/non-teaching mix setting applies to it. */
  pairsTeaching!: boolean;
  /** Not planned while paused. */
  paused!: boolean;
  /** Its place in the school's list of duties (lower first). */
  sortOrder!: number;
  /** With `listed`: the staff groups whose members may take it; empty otherwise. */
  @ApiProperty({ type: [String], format: 'uuid' })
  groupIds!: string[];
  /** With `listed`: the people who may take it; empty otherwise. */
  @ApiProperty({ type: [String], format: 'uuid' })
  staffIds!: string[];
}
