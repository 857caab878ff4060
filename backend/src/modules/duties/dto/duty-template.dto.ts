import { ApiProperty } from '@nestjs/swagger';
import { DUTY_ELIGIBILITY, type DutyEligibility } from '../entities/duty.entity';
import { DutyWeekdayDto } from './duty-weekday.dto';

export const DUTY_TEMPLATE_KEYS = ['primary', 'secondary'] as const;
export type DutyTemplateKey = (typeof DUTY_TEMPLATE_KEYS)[number];

/** A duty of a template, as it is added. */
export class DutyTemplateDutyDto {
  name!: string;
  @ApiProperty({ type: String, nullable: true })
  place!: string | null;
  description!: string;
  @ApiProperty({ type: String, nullable: true, example: '12:15' })
  startTime!: string | null;
  @ApiProperty({ type: String, nullable: true, example: '13:00' })
  endTime!: string | null;
  @ApiProperty({ type: [DutyWeekdayDto] })
  weekdays!: DutyWeekdayDto[];
  @ApiProperty({ enum: DUTY_ELIGIBILITY, enumName: 'DutyEligibility' })
  eligible!: DutyEligibility;
  weight!: number;
  pairsTeaching!: boolean;
}

/** A set of duties to start from (docs/product.md#duties). */
export class DutyTemplateDto {
  @ApiProperty({ enum: DUTY_TEMPLATE_KEYS, enumName: 'DutyTemplateKey' })
  key!: DutyTemplateKey;
  /** "Primary school", "Secondary school". */
  name!: string;
  @ApiProperty({ type: [DutyTemplateDutyDto] })
  duties!: DutyTemplateDutyDto[];
}

/** What applying a template did: the duties added, and those left out because the school has a duty of that name. */
export class AppliedDutyTemplateDto {
  @ApiProperty({ type: [String] })
  added!: string[];
  @ApiProperty({ type: [String] })
  skipped!: string[];
}
