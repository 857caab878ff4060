import { Card, Flex, Tag, Typography } from 'antd';

import { useToast } from '@/shared/ui/toast';

import {
  useDecideCancelRequestMutation,
  type CancelRequestDto,
  type CancelSource,
  type Decision,
} from '../api';
import { decisionFailedToast, httpStatus } from '../lib/decision-errors';
import { dutyText, formatDutyDate, personName } from '../lib/request-format';
import { DecisionButtons, Instant, Reason, RequestStatusTag } from './request-states';

const VERB: Record<Decision, string> = { approved: 'approve', rejected: 'reject' };

/** What took the person off the duty, when it was not their request. */
const SOURCE_LABELS: Record<Exclude<CancelSource, 'request'>, string> = {
  unavailability: 'From unavailability',
  rota_change: 'Rota change',
  rota_edit: 'Rota edit',
};

interface CancelRequestCardProps {
  request: CancelRequestDto;
  /** Whether to offer Approve and Reject on a pending request (admins, docs/product.md#roles-and-permissions). */
  canDecide: boolean;
}

/**
 * docs/product.md#screens: one cancel request: who, its status, the duty date, when it was asked for and why,
 * and for an approved one who took the freed slot.
 */
export function CancelRequestCard({ request, canDecide }: CancelRequestCardProps) {
  const [decide, state] = useDecideCancelRequestMutation();
  const toast = useToast();
  const name = personName(request.staff);
  const deciding = state.isLoading ? state.originalArgs?.decideRequestDto.status : undefined;

  const run = async (status: Decision) => {
    try {
      await decide({ id: request.id, decideRequestDto: { status } }).unwrap();
      if (status === 'approved') {
        toast({
          title: 'Cancellation Approved',
          description:
            'The duty has been cancelled and the staff member has been removed from the rota',
        });
      } else {
        toast({ title: 'Request updated', description: 'The cancel request has been rejected' });
      }
    } catch (error) {
      if (httpStatus(error) === 403) {
        toast({
          variant: 'destructive',
          title: 'Access denied',
          description: `You don't have permission to ${VERB[status]} cancel requests`,
        });
      } else {
        toast(decisionFailedToast(error, 'Failed to update cancel request'));
      }
    }
  };

  return (
    <Card size="small">
      <Flex justify="space-between" align="start" gap="middle" wrap>
        <Flex vertical gap={4} style={{ minWidth: 0, flex: '1 1 320px' }}>
          <Flex align="center" gap="small" wrap>
            <Typography.Text strong>{name}</Typography.Text>
            <RequestStatusTag status={request.status} />
            {request.source !== 'request' && (
              <Tag style={{ marginInlineEnd: 0 }}>{SOURCE_LABELS[request.source]}</Tag>
            )}
            {request.processedAutomatically && (
              <Typography.Text type="secondary">Processed automatically</Typography.Text>
            )}
          </Flex>
          <Typography.Text>
            Duty date: <time dateTime={request.date}>{formatDutyDate(request.date)}</time>
          </Typography.Text>
          {/* Another duty's request names it; the Duty Manager duty's reads as before. */}
          {request.duty && <Typography.Text>{`Duty: ${dutyText(request.duty)}`}</Typography.Text>}
          <Instant label="Requested" value={request.createdAt} />
          <Reason reason={request.reason} />
          {request.status === 'approved' && request.replacement && (
            <Typography.Text>{`Replaced by ${personName(request.replacement)}`}</Typography.Text>
          )}
        </Flex>
        {canDecide && request.status === 'pending' && (
          <DecisionButtons
            kind="cancel"
            name={name}
            deciding={deciding}
            onDecide={(decision) => void run(decision)}
          />
        )}
      </Flex>
    </Card>
  );
}
