import { ApiProperty } from '@nestjs/swagger';
import { CANCEL_SOURCES, type CancelSource } from '../entities/cancel-request.entity';
import { REQUEST_STATUSES, type RequestStatus } from '../entities/request-status';
import { RequestDutyDto } from './request-duty.dto';
import { RequestPersonDto } from './request-person.dto';

export class CancelRequestDto {
  id!: string;
  staffId!: string;
  /** `{id, name}`; null only if the record can't be found. */
  staff!: RequestPersonDto | null;
  @ApiProperty({ format: 'date' })
  date!: string;
  reason!: string;
  @ApiProperty({ enum: REQUEST_STATUSES, enumName: 'RequestStatus' })
  status!: RequestStatus;
  /** `request`: asked for; `unavailability`: removed because an unavailability period was added. */
  @ApiProperty({ enum: CANCEL_SOURCES, enumName: 'CancelSource' })
  source!: CancelSource;
  processedAutomatically!: boolean;
  /** Who auto-fill put in the freed slot, if anyone. */
  replacement!: RequestPersonDto | null;
  decidedBy!: RequestPersonDto | null;
  decidedAt!: string | null;
  createdAt!: string;
  updatedAt!: string;
  /** The duty it is of, when it isn't the Duty Manager duty (absent for that one). */
  @ApiProperty({ type: RequestDutyDto, required: false })
  duty?: RequestDutyDto;
}
