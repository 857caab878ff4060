import { ApiProperty } from '@nestjs/swagger';
import { IsOptional, IsUUID } from 'class-validator';
import { RotaRangeQueryDto } from './rota-range-query.dto';

/** GET /api/rota/mine: the dates, and for an admin or manager the colleague whose duties (docs/product.md#duties). */
export class MyDutiesQueryDto extends RotaRangeQueryDto {
  @ApiProperty({
    format: 'uuid',
    required: false,
    description:
      "Whose duties: a staff member of the organisation (an admin's or manager's choice on My Rota); the signed-in person's own when absent. Staff may name only their own record.",
  })
  @IsOptional()
  @IsUUID('all', { message: "staffId must be a staff member's id" })
  staffId?: string;
}
