import { CheckOutlined, CloseOutlined, RollbackOutlined } from '@ant-design/icons';
import { Button, Empty, Flex, Space, Tag, Typography } from 'antd';
import { useEffect, useRef } from 'react';

import { formatDate, SHORT_DATE_FORMAT } from '@/shared/lib/dates';
import { ConfirmButton } from '@/shared/ui/confirm-button';
import { useToast } from '@/shared/ui/toast';

import {
  useAcceptSwapRequestMutation,
  useDeclineSwapRequestMutation,
  useDecideSwapRequestMutation,
  useWithdrawSwapRequestMutation,
  type Decision,
  type SwapRequestDto,
} from '../api';
import { decisionFailedToast } from '../lib/decision-errors';
import { personName, swapDutyText } from '../lib/request-format';
import { isActiveSwap, isUntakenOpen, SWAP_STATE_COLOURS, swapStateText } from '../lib/swap-state';
import { DecisionButtons, Instant, LIST_STYLE, Reason } from './request-states';

const ROW_BORDER = '1px solid rgba(5, 5, 5, 0.06)';
const HIGHLIGHT_BACKGROUND = '#e6f4ff';

/** The id of a request's row, for `/swaps?request=<id>`. */
export function swapRowId(requestId: string): string {
  return `swap-request-${requestId}`;
}

/** "Alice Able → Bob Brown" (or "→ anyone" for an open request nobody took yet). */
function SwapPeople({ request }: { request: SwapRequestDto }) {
  const target = isUntakenOpen(request) ? 'anyone' : personName(request.target);
  return (
    <Typography.Text strong>
      {personName(request.requester)} → {target}
    </Typography.Text>
  );
}

/** Cover (the target takes the requester's duty) or Trade (the two exchange duties). */
function SwapKindTag({ request }: { request: SwapRequestDto }) {
  return request.kind === 'trade' ? (
    <Tag color="purple" style={{ marginInlineEnd: 0 }}>
      Trade
    </Tag>
  ) : (
    <Tag color="blue" style={{ marginInlineEnd: 0 }}>
      Cover
    </Tag>
  );
}

/** Where the request stands, in words ("Waiting for Bob Brown", "Approved"…). */
function SwapStateTag({ request }: { request: SwapRequestDto }) {
  return (
    <Tag color={SWAP_STATE_COLOURS[request.status]} style={{ marginInlineEnd: 0 }}>
      {swapStateText(request)}
    </Tag>
  );
}

function SwapDates({ request }: { request: SwapRequestDto }) {
  const original = `Original date: ${formatDate(request.originalDate, SHORT_DATE_FORMAT)}`;
  const duty = swapDutyText(request);
  return (
    <>
      {/* Another duty's swap names it, its place and time; the Duty Manager duty's reads as before. */}
      {duty && <Typography.Text>{duty}</Typography.Text>}
      <Typography.Text type="secondary">
        {request.kind === 'trade'
          ? `${original} · Swap date: ${formatDate(request.swapDate, SHORT_DATE_FORMAT)}`
          : original}
      </Typography.Text>
    </>
  );
}

interface SwapActionsProps {
  request: SwapRequestDto;
  /** Whether Approve and Reject are offered for this row. */
  canDecide: boolean;
}

/**
 * The buttons the server's per-viewer flags allow: Accept, Decline, Withdraw (after a
 * confirmation), and Approve and Reject for approvers. Each shows the outcome in a toast.
 */
function SwapActions({ request, canDecide }: SwapActionsProps) {
  const toast = useToast();
  const [accept, acceptState] = useAcceptSwapRequestMutation();
  const [decline, declineState] = useDeclineSwapRequestMutation();
  const [withdraw] = useWithdrawSwapRequestMutation();
  const [decide, decideState] = useDecideSwapRequestMutation();
  const requester = personName(request.requester);
  const deciding = decideState.isLoading
    ? decideState.originalArgs?.decideRequestDto.status
    : undefined;
  const busy = acceptState.isLoading || declineState.isLoading || decideState.isLoading;

  const runAccept = async () => {
    try {
      const result = await accept({ id: request.id }).unwrap();
      toast({ title: 'Swap accepted', description: result.message });
    } catch (error) {
      toast(decisionFailedToast(error, 'Failed to accept swap request'));
    }
  };
  const runDecline = async () => {
    try {
      await decline({ id: request.id }).unwrap();
      toast({
        title: 'Swap declined',
        description: `You declined ${requester}'s request. The duty stays theirs.`,
      });
    } catch (error) {
      toast(decisionFailedToast(error, 'Failed to decline swap request'));
    }
  };
  const runWithdraw = async () => {
    try {
      await withdraw({ id: request.id }).unwrap();
      toast({ title: 'Swap withdrawn', description: 'The swap request has been withdrawn.' });
    } catch (error) {
      toast(decisionFailedToast(error, 'Failed to withdraw swap request'));
    }
  };
  const runDecide = async (status: Decision) => {
    try {
      await decide({ id: request.id, decideRequestDto: { status } }).unwrap();
      toast({ title: 'Success', description: 'Swap request updated successfully' });
    } catch (error) {
      toast(decisionFailedToast(error, 'Failed to update swap request'));
    }
  };

  if (!request.canAnswer && !request.canDecline && !request.canWithdraw && !canDecide) {
    return null;
  }
  return (
    <Space size="small" wrap>
      {request.canAnswer && (
        <Button
          type="primary"
          icon={<CheckOutlined aria-hidden />}
          aria-label={`Accept swap request from ${requester}`}
          loading={acceptState.isLoading}
          disabled={busy && !acceptState.isLoading}
          onClick={() => void runAccept()}
        >
          Accept
        </Button>
      )}
      {request.canDecline && (
        <Button
          icon={<CloseOutlined aria-hidden />}
          aria-label={`Decline swap request from ${requester}`}
          loading={declineState.isLoading}
          disabled={busy && !declineState.isLoading}
          onClick={() => void runDecline()}
        >
          Decline
        </Button>
      )}
      {canDecide && (
        <DecisionButtons
          kind="swap"
          name={requester}
          deciding={deciding}
          onDecide={(decision) => void runDecide(decision)}
        />
      )}
      {request.canWithdraw && (
        <ConfirmButton
          icon={<RollbackOutlined aria-hidden />}
          aria-label={`Withdraw swap request from ${requester}`}
          disabled={busy}
          confirmTitle="Withdraw this swap request?"
          confirmDescription="Nobody will be able to accept or approve it any more."
          okText="Withdraw"
          okDanger
          onConfirm={runWithdraw}
        >
          Withdraw
        </ConfirmButton>
      )}
    </Space>
  );
}

interface SwapRowProps {
  request: SwapRequestDto;
  first: boolean;
  canDecide: boolean;
  highlighted: boolean;
}

function SwapRow({ request, first, canDecide, highlighted }: SwapRowProps) {
  const ref = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (!highlighted) return;
    // jsdom has no scrollIntoView.
    ref.current?.scrollIntoView?.({ block: 'center' });
    ref.current?.focus({ preventScroll: true });
  }, [highlighted]);

  const finished = !isActiveSwap(request);
  return (
    <li
      ref={ref}
      id={swapRowId(request.id)}
      tabIndex={highlighted ? -1 : undefined}
      aria-current={highlighted ? 'true' : undefined}
      style={{
        padding: highlighted ? '12px' : '12px 0',
        borderTop: first ? undefined : ROW_BORDER,
        background: highlighted ? HIGHLIGHT_BACKGROUND : undefined,
        borderRadius: highlighted ? 8 : undefined,
      }}
    >
      <Flex justify="space-between" align="start" gap="middle" wrap>
        <Flex vertical gap={4} style={{ minWidth: 0, flex: '1 1 320px' }}>
          <Flex align="center" gap="small" wrap>
            <SwapPeople request={request} />
            <SwapStateTag request={request} />
            <SwapKindTag request={request} />
            {request.approvedUnanswered && (
              <Tag color="orange" style={{ marginInlineEnd: 0 }}>
                Approved before answer
              </Tag>
            )}
            {request.processedAutomatically && (
              <Typography.Text type="secondary">Processed automatically</Typography.Text>
            )}
          </Flex>
          <SwapDates request={request} />
          <Reason reason={request.reason} />
          {finished ? (
            <Instant
              label="Updated"
              value={request.updatedAt}
              suffix={request.decidedBy ? ` by ${personName(request.decidedBy)}` : undefined}
            />
          ) : (
            <Instant label="Requested" value={request.createdAt} />
          )}
        </Flex>
        <SwapActions request={request} canDecide={canDecide} />
      </Flex>
    </li>
  );
}

interface SwapRequestListProps {
  requests: SwapRequestDto[];
  /** The list's accessible name, e.g. "Swap requests waiting for me". */
  label: string;
  emptyText: string;
  /**
   * Whether the signed-in person approves swaps; `admin` also approves one still waiting for the
   * colleague (marked "Approved before answer"). Managers approve only accepted ones.
   */
  approver: 'admin' | 'manager' | undefined;
  /** The request `/swaps?request=<id>` points at, highlighted and scrolled to. */
  highlightId?: string | null;
}

/** Whether this viewer gets Approve and Reject on this request. */
function offersDecision(request: SwapRequestDto, approver: SwapRequestListProps['approver']) {
  if (!approver) return false;
  if (request.status === 'pending') return true;
  // Before the colleague answers only an admin may approve, and only once there is a colleague.
  return approver === 'admin' && request.status === 'awaiting_colleague' && !isUntakenOpen(request);
}

/** docs/product.md#swap-requests: one tab's rows, each with its state in words and its actions. */
export function SwapRequestList({
  requests,
  label,
  emptyText,
  approver,
  highlightId,
}: SwapRequestListProps) {
  if (requests.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />;
  }
  return (
    <ul aria-label={label} style={LIST_STYLE}>
      {requests.map((request, index) => (
        <SwapRow
          key={request.id}
          request={request}
          first={index === 0}
          canDecide={offersDecision(request, approver)}
          highlighted={request.id === highlightId}
        />
      ))}
    </ul>
  );
}
