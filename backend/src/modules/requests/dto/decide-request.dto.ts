import { ApiProperty } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import { DECISIONS, type Decision } from '../entities/request-status';

/** `{status: approved | rejected}`: the decision on a pending request. */
export class DecideRequestDto {
  @ApiProperty({ enum: DECISIONS, enumName: 'Decision' })
  @IsIn(DECISIONS, { message: 'Status must be approved or rejected' })
  status!: Decision;
}
