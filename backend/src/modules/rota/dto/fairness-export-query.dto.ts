import { ApiProperty } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import { FairnessQueryDto } from './fairness-query.dto';
import { EXPORT_FORMATS, ExportFormat } from './fairness-fields';

export class FairnessExportQueryDto extends FairnessQueryDto {
  @ApiProperty({ enum: EXPORT_FORMATS, enumName: 'ExportFormat' })
  @IsIn(EXPORT_FORMATS, { message: 'format must be csv or xlsx' })
  format!: ExportFormat;
}
