import { ApiProperty } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import { BulkRotaDto } from './bulk-rota.dto';

export const BULK_TOOLS = ['rebalance', 'reshuffle', 'fill', 'clear'] as const;

/** Which bulk tool to preview, over the period and duties it would run on (docs/product.md#bulk-tools). */
export class BulkPreviewDto extends BulkRotaDto {
  /** The tool: its period rules are its own (clear reads only `academicYear`). */
  @ApiProperty({ enum: BULK_TOOLS, enumName: 'BulkTool' })
  @IsIn(BULK_TOOLS, { message: 'tool must be one of: rebalance, reshuffle, fill, clear' })
  tool!: (typeof BULK_TOOLS)[number];
}
