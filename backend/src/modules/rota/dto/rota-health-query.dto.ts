import { ApiProperty } from '@nestjs/swagger';
import { IsOptional, IsUUID } from 'class-validator';
import { AcademicYearField } from '../../../common/validation/academic-year';

export class RotaHealthQueryDto {
  /**
   * The academic year whose school days to look at for empty slots, by its first calendar year
   * (2026 = 2026-2027). Default: the planning year (this one until its summer term has ended, then
   * the next).
   */
  @AcademicYearField({ required: false, inQuery: true })
  academicYear?: number;

  /** A draft to put in place of the live rota on its period (docs/product.md#drafts); the academic year defaults to the draft's. */
  @ApiProperty({ format: 'uuid', required: false })
  @IsOptional()
  @IsUUID('all', { message: "draftId must be a draft's id" })
  draftId?: string;
}
