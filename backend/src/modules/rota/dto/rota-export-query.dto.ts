import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsOptional, IsUUID } from 'class-validator';
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

  /**
   * A draft (GET /api/rota/drafts) to put in place of the live rota on its period
   * (docs/product.md#drafts): admins and managers only.
   */
  @ApiProperty({ format: 'uuid', required: false })
  @IsOptional()
  @IsUUID('all', { message: "draftId must be a draft's id" })
  draftId?: string;
}
