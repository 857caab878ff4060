import { IsOptional, IsUUID, ValidateIf } from 'class-validator';
import { IsoDateField } from '../../../common/validation/iso-date';

/** What the requester may pick: their own future duties and, for one of them, the colleagues who can take it. */
export class SwapOptionsQueryDto {
  @IsUUID('all', { message: 'Please choose the staff member whose duty it is' })
  requesterId!: string;

  /** The duty to swap; leave out to list only the requester's duties. */
  @IsOptional()
  @IsoDateField('Original date')
  originalDate?: string;

  /** The duty (GET /api/rota/mine's dutyId) whose days and colleagues are offered; leave out for the Duty Manager duty. */
  @ValidateIf((_o, v) => v !== undefined)
  @IsUUID('all', { message: 'Please choose the duty to swap (dutyId)' })
  dutyId?: string;

  /**
   * With swapDate, instead of originalDate: a trade onto this colleague's duty on swapDate. The
   * answer's `duties` are then only the requester's duties this colleague could take in exchange
   * (and the requester theirs), and `colleagues` is empty.
   */
  @ValidateIf((o: SwapOptionsQueryDto) => o.targetId !== undefined || o.swapDate !== undefined)
  @IsUUID('all', { message: 'Please choose the colleague to trade with (targetId), with their duty (swapDate)' })
  targetId?: string;

  /** The colleague's duty a trade is for (with targetId). */
  @ValidateIf((o: SwapOptionsQueryDto) => o.targetId !== undefined || o.swapDate !== undefined)
  @IsoDateField('Swap date')
  swapDate?: string;
}
