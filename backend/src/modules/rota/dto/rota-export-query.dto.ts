import { ApiProperty } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import { IsoDateField } from '../../../common/validation/iso-date';
import { EXPORT_FORMATS, ExportFormat } from './fairness-fields';

export class RotaExportQueryDto {
  @IsoDateField('startDate')
  startDate!: string;

  @IsoDateField('endDate')
  endDate!: string;

  @ApiProperty({ enum: EXPORT_FORMATS, enumName: 'ExportFormat' })
  @IsIn(EXPORT_FORMATS, { message: 'format must be csv or xlsx' })
  format!: ExportFormat;
}
