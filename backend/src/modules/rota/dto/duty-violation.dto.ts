import { ApiProperty } from '@nestjs/swagger';
import { DUTY_RULES_BROKEN } from '../engine/duties-rules';
import { RULES_BROKEN } from '../engine/rota-rules';

/** Every rule an assignment of any duty can break, and a paused or deleted duty's. */
export const DUTY_RULES = [...RULES_BROKEN, ...DUTY_RULES_BROKEN, 'duty_paused', 'duty_deleted'] as const;
export type DutyRule = (typeof DUTY_RULES)[number];

/** An assignment of a duty, from today on, that breaks a hard rule. */
export class DutyViolationDto {
  @ApiProperty({ format: 'date' })
  date!: string;
  position!: number;
  staffId!: string;
  staffName!: string;
  @ApiProperty({ enum: DUTY_RULES, enumName: 'DutyRule' })
  rule!: DutyRule;
  reason!: string;
}
