import { IsUUID, ValidateIf } from 'class-validator';
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

  /** The duty to be taken off (GET /api/rota/mine's dutyId); leave out for the Duty Manager duty. */
  @ValidateIf((_o, v) => v !== undefined)
  @IsUUID('all', { message: 'Please choose the duty to cancel (dutyId)' })
  dutyId?: string;

  @NewStatus()
  status?: 'pending';
}
