import { ApiProperty } from '@nestjs/swagger';
import { RULES_BROKEN, type RuleBroken } from '../engine/rota-rules';

export class RotaViolationDto {
  @ApiProperty({ format: 'date' })
  date!: string;
  position!: number;
  staffId!: string;
  staffName!: string;
  @ApiProperty({ enum: RULES_BROKEN, enumName: 'RotaRule' })
  rule!: RuleBroken;
  reason!: string;
}
