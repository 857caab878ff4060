import { ApiProperty } from '@nestjs/swagger';
import { SWAP_STATUSES, type SwapStatus } from '../entities/request-status';
import { RequestPersonDto } from './request-person.dto';
import { SwapDutyDto } from './swap-duty.dto';

export class SwapRequestDto {
  id!: string;
  requesterId!: string;
  /** The colleague asked; null for an open request nobody has taken yet. */
  targetId!: string | null;
  /** `{id, name}`; null only if the record can't be found (shown as "Unknown Staff"). */
  requester!: RequestPersonDto | null;
  /** Null for an open request nobody has taken yet. */
  target!: RequestPersonDto | null;
  /** Offered to every colleague who can take it ("Ask anyone"); the first to accept becomes the target. */
  open!: boolean;
  /** The requester's duty that the target takes over. */
  @ApiProperty({ format: 'date' })
  originalDate!: string;
  /** Equal to originalDate for a cover; otherwise the target's duty the requester takes in return. */
  @ApiProperty({ format: 'date' })
  swapDate!: string;
  @ApiProperty({ enum: ['cover', 'trade'], enumName: 'SwapKind' })
  kind!: 'cover' | 'trade';
  reason!: string;
  /**
   * `awaiting_colleague` → the colleague accepts (`pending`, for approvers) or declines
   * (`declined`); `withdrawn` by the requester; `expired` when its day passed undecided; then
   * `approved` or `rejected` (docs/product.md#swap-requests).
   */
  @ApiProperty({ enum: SWAP_STATUSES, enumName: 'SwapStatus' })
  status!: SwapStatus;
  /** Who the request waits for now: the colleague, the approvers, or nobody (it is over). */
  @ApiProperty({ enum: ['colleague', 'approval'], enumName: 'SwapWaitingFor', nullable: true })
  waitingFor!: 'colleague' | 'approval' | null;
  /** The signed-in person may accept it (they were asked, or it is open and not theirs). */
  canAnswer!: boolean;
  /** The signed-in person may decline it (they were asked by name). */
  canDecline!: boolean;
  /**
   * Withdraw is offered: the request is the signed-in person's own and still open. (Approvers may
   * also withdraw anyone's; their screens offer Reject instead.)
   */
  canWithdraw!: boolean;
  /** When the colleague accepted or declined. */
  answeredAt!: string | null;
  /** An admin approved it before the colleague answered. */
  approvedUnanswered!: boolean;
  /** Approved at once by auto-approval (after the colleague accepted). */
  processedAutomatically!: boolean;
  /** Who approved, rejected or withdrew it (null while open or when decided automatically). */
  decidedBy!: RequestPersonDto | null;
  decidedAt!: string | null;
  createdAt!: string;
  updatedAt!: string;
  /** The requester's duty, when it isn't the Duty Manager duty (absent for that one). */
  @ApiProperty({ type: SwapDutyDto, required: false })
  duty?: SwapDutyDto;
  /** The target's duty a trade gives back, when it isn't the Duty Manager duty (absent for that one); `duty` for a cover. */
  @ApiProperty({ type: SwapDutyDto, required: false })
  swapDuty?: SwapDutyDto;
}
