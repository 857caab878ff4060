import { IsUUID } from 'class-validator';
import { IsoDateField } from '../../../common/validation/iso-date';
import { MultiLine } from '../../../common/validation/multi-line';
import { NewStatus, Reason } from './request-fields';

export class CreateCancelRequestDto {
  @IsUUID('all', { message: 'Please choose the staff member whose duty it is' })
  staffId!: string;

  @IsoDateField('Date')
  date!: string;

  @Reason('Please provide a reason for cancellation')
  @MultiLine()
  reason!: string;

  @NewStatus()
  status?: 'pending';
}
