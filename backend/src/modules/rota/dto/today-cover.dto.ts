import { ApiProperty } from '@nestjs/swagger';
import { IsUUID } from 'class-validator';
import { IsoDateField } from '../../../common/validation/iso-date';

/** Puts one person on a duty's open place on a day (Find cover on the Today board). */
export class TodayCoverDto {
  @IsoDateField('date')
  date!: string;

  @IsUUID('all', { message: "dutyId must be a duty's id" })
  @ApiProperty({ format: 'uuid' })
  dutyId!: string;

  @IsUUID('4', { message: "staffId must be a staff member's id" })
  @ApiProperty({ format: 'uuid' })
  staffId!: string;
}
