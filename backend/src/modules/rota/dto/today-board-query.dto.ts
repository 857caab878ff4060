import { IsOptional } from 'class-validator';
import { IsoDateField } from '../../../common/validation/iso-date';

export class TodayBoardQueryDto {
  /** The day of the board; today in the school's time zone when left out. */
  @IsOptional()
  @IsoDateField('date')
  date?: string;
}
