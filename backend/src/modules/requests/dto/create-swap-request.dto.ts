import { IsBoolean, IsUUID, ValidateIf } from 'class-validator';
import { IsoDateField } from '../../../common/validation/iso-date';
import { MultiLine } from '../../../common/validation/multi-line';
import { NewStatus, Reason } from './request-fields';

export class CreateSwapRequestDto {
  @IsUUID('all', { message: 'Please choose the staff member whose duty it is' })
  requesterId!: string;

  /** The colleague asked; leave out with `open`. */
  @ValidateIf((o: CreateSwapRequestDto) => o.open !== true || o.targetId !== undefined)
  @IsUUID('all', { message: 'Please select a staff member to swap with' })
  targetId?: string;

  /** "Ask anyone": offer the duty (a cover: swapDate = originalDate) to every colleague who can take it. Default false. */
  @ValidateIf((_o, v) => v !== undefined)
  @IsBoolean({ message: 'open must be true or false' })
  open?: boolean;

  @IsoDateField('Original date')
  originalDate!: string;

  /** The same as originalDate for a cover (what the duty dialog sends). */
  @IsoDateField('Swap date')
  swapDate!: string;

  @Reason('Please provide a reason for the swap')
  @MultiLine()
  reason!: string;

  /** The requester's duty on originalDate (GET /api/rota/mine's dutyId); leave out for the Duty Manager duty. */
  @ValidateIf((_o, v) => v !== undefined)
  @IsUUID('all', { message: 'Please choose the duty to swap (dutyId)' })
  dutyId?: string;

  /** In a trade, the colleague's duty on swapDate the requester takes in return; leave out when it is the same duty as dutyId. */
  @ValidateIf((_o, v) => v !== undefined)
  @IsUUID('all', { message: "Please choose the colleague's duty to take in return (swapDutyId)" })
  swapDutyId?: string;

  @NewStatus()
  status?: 'pending';
}
