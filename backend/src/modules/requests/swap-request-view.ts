import type { AuthUser } from '../../common/auth/auth-user';
import type { SwapRequestDto } from './dto/swap-request.dto';
import { toIsoTimestamp } from './request-rules';
import { OPEN_SWAPS, type SwapDuty } from './swap-plan';
import type { SwapRow } from './swap-requests.repository';

/** The request's duties as its row names them: null for the Duty Manager duty. */
export function swapDutiesOf(row: SwapRow): { duty: SwapDuty | null; swapDuty: SwapDuty | null } {
  const duty = (id: string | null, name: string | null, place: string | null, startTime: string | null, endTime: string | null) =>
    id && name !== null ? { id, name, place, startTime, endTime } : null;
  return {
    duty: duty(row.duty_id, row.duty_name, row.duty_place, row.duty_start_time, row.duty_end_time),
    swapDuty: duty(row.swap_duty_id, row.swap_duty_name, row.swap_duty_place, row.swap_duty_start_time, row.swap_duty_end_time),
  };
}

/** A swap request as `actor` sees it: what it is, where it stands and what they may do with it. */
export function toSwapRequestDto(row: SwapRow, actor: AuthUser): SwapRequestDto {
  const awaiting = row.status === 'awaiting_colleague';
  const mine = row.requester_user_id === actor.id;
  const { duty, swapDuty } = swapDutiesOf(row);
  return {
    id: row.id,
    requesterId: row.requester_id,
    targetId: row.target_id,
    requester: row.requester_name === null ? null : { id: row.requester_id, name: row.requester_name },
    target: row.target_id === null || row.target_name === null ? null : { id: row.target_id, name: row.target_name },
    open: row.open,
    originalDate: row.original_date,
    swapDate: row.swap_date,
    kind: row.original_date === row.swap_date ? 'cover' : 'trade',
    reason: row.reason,
    status: row.status,
    waitingFor: awaiting ? 'colleague' : row.status === 'pending' ? 'approval' : null,
    canAnswer: awaiting && (row.open ? !mine : row.target_user_id === actor.id),
    canDecline: awaiting && !row.open && row.target_user_id === actor.id,
    // Offered to the requester: an approver's answer to someone else's request is Reject.
    canWithdraw: OPEN_SWAPS.includes(row.status) && mine,
    answeredAt: toIsoTimestamp(row.answered_at),
    approvedUnanswered: row.approved_unanswered,
    processedAutomatically: row.processed_automatically,
    decidedBy: row.decided_by_id && row.decided_by_name !== null ? { id: row.decided_by_id, name: row.decided_by_name } : null,
    decidedAt: toIsoTimestamp(row.decided_at),
    createdAt: toIsoTimestamp(row.created_at)!,
    updatedAt: toIsoTimestamp(row.updated_at)!,
    // Another duty's request names it; the Duty Manager duty's reads as the spec has it.
    ...(duty ? { duty } : {}),
    ...(swapDuty ? { swapDuty } : {}),
  };
}
