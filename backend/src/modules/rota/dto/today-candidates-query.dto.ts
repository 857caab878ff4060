import { ApiProperty } from '@nestjs/swagger';
import { IsUUID } from 'class-validator';
import { IsoDateField } from '../../../common/validation/iso-date';

export class TodayCandidatesQueryDto {
  @IsoDateField('date')
  date!: string;

  /** The duty with the gap (GET /api/rota/today). */
  @IsUUID('all', { message: "dutyId must be a duty's id" })
  @ApiProperty({ format: 'uuid' })
  dutyId!: string;
}
