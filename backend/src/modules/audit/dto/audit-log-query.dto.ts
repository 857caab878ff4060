import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import { wholeNumberText } from '../../../common/validation/normalize';
import { AUDIT_KINDS, type AuditKind } from '../entities/audit-entry.entity';

export class AuditLogQueryDto {
  /** Only entries of this kind. */
  @IsOptional()
  @ApiProperty({ enum: AUDIT_KINDS, enumName: 'AuditKind', required: false })
  @IsIn(AUDIT_KINDS, { message: `kind must be one of: ${AUDIT_KINDS.join(', ')}` })
  kind?: AuditKind;

  /** Page number, from 1. */
  @IsOptional()
  @Transform(wholeNumberText)
  @IsInt({ message: 'page must be a whole number from 1' })
  @Min(1, { message: 'page must be a whole number from 1' })
  @Max(100000, { message: 'page must be at most 100000' })
  page?: number;

  /** Entries per page, 1 to 100 (default 25). */
  @IsOptional()
  @Transform(wholeNumberText)
  @IsInt({ message: 'pageSize must be a whole number from 1 to 100' })
  @Min(1, { message: 'pageSize must be a whole number from 1 to 100' })
  @Max(100, { message: 'pageSize must be a whole number from 1 to 100' })
  pageSize?: number;
}
