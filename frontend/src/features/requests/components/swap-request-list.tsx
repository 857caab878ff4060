import { Empty, Flex, Tag, Typography } from 'antd';

import { formatDate, SHORT_DATE_FORMAT } from '@/shared/lib/dates';
import { useToast } from '@/shared/ui/toast';

import { useDecideSwapRequestMutation, type Decision, type SwapRequestDto } from '../api';
import { decisionFailedToast } from '../lib/decision-errors';
import { personName } from '../lib/request-format';
import { DecisionButtons, Instant, LIST_STYLE, Reason, RequestStatusTag } from './request-states';

const ROW_BORDER = '1px solid rgba(5, 5, 5, 0.06)';

function rowStyle(first: boolean) {
  return { padding: '12px 0', borderTop: first ? undefined : ROW_BORDER };
}

/** "Alice Able → Bob Brown": who asks, and who takes the duty. */
function SwapPeople({ request }: { request: SwapRequestDto }) {
  return (
    <Typography.Text strong>
      {personName(request.requester)} → {personName(request.target)}
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

function SwapDates({ request }: { request: SwapRequestDto }) {
  const original = `Original date: ${formatDate(request.originalDate, SHORT_DATE_FORMAT)}`;
  return (
    <Typography.Text type="secondary">
      {request.kind === 'trade'
        ? `${original} · Swap date: ${formatDate(request.swapDate, SHORT_DATE_FORMAT)}`
        : original}
    </Typography.Text>
  );
}

interface PendingSwapRowProps {
  request: SwapRequestDto;
  first: boolean;
  canDecide: boolean;
}

function PendingSwapRow({ request, first, canDecide }: PendingSwapRowProps) {
  const [decide, state] = useDecideSwapRequestMutation();
  const toast = useToast();
  const requester = personName(request.requester);
  const deciding = state.isLoading ? state.originalArgs?.decideRequestDto.status : undefined;

  const run = async (status: Decision) => {
    try {
      await decide({ id: request.id, decideRequestDto: { status } }).unwrap();
      toast({ title: 'Success', description: 'Swap request updated successfully' });
    } catch (error) {
      toast(decisionFailedToast(error, 'Failed to update swap request'));
    }
  };

  return (
    <li style={rowStyle(first)}>
      <Flex justify="space-between" align="start" gap="middle" wrap>
        <Flex vertical gap={4} style={{ minWidth: 0, flex: '1 1 320px' }}>
          <Flex align="center" gap="small" wrap>
            <SwapPeople request={request} />
            <SwapKindTag request={request} />
          </Flex>
          <SwapDates request={request} />
          <Reason reason={request.reason} />
          <Instant label="Requested" value={request.createdAt} />
        </Flex>
        {canDecide && (
          <DecisionButtons
            kind="swap"
            name={requester}
            deciding={deciding}
            onDecide={(decision) => void run(decision)}
          />
        )}
      </Flex>
    </li>
  );
}

interface PendingSwapListProps {
  requests: SwapRequestDto[];
  /** Whether to offer Approve and Reject (admins and managers). */
  canDecide: boolean;
}

/** docs/product.md#screens: the Pending Requests rows. */
export function PendingSwapList({ requests, canDecide }: PendingSwapListProps) {
  if (requests.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No pending swap requests" />;
  }
  return (
    <ul aria-label="Pending swap requests" style={LIST_STYLE}>
      {requests.map((request, index) => (
        <PendingSwapRow
          key={request.id}
          request={request}
          first={index === 0}
          canDecide={canDecide}
        />
      ))}
    </ul>
  );
}

/** docs/product.md#screens: the Recent History rows, each with its decision and when it was last updated. */
export function CompletedSwapList({ requests }: { requests: SwapRequestDto[] }) {
  if (requests.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No completed swap requests" />;
  }
  return (
    <ul aria-label="Completed swap requests" style={LIST_STYLE}>
      {requests.map((request, index) => (
        <li key={request.id} style={rowStyle(index === 0)}>
          <Flex vertical gap={4}>
            <Flex align="center" gap="small" wrap>
              <SwapPeople request={request} />
              <RequestStatusTag status={request.status} />
              <SwapKindTag request={request} />
              {request.processedAutomatically && (
                <Typography.Text type="secondary">Processed automatically</Typography.Text>
              )}
            </Flex>
            <SwapDates request={request} />
            <Reason reason={request.reason} />
            <Instant
              label="Updated"
              value={request.updatedAt}
              suffix={request.decidedBy ? ` by ${personName(request.decidedBy)}` : undefined}
            />
          </Flex>
        </li>
      ))}
    </ul>
  );
}
