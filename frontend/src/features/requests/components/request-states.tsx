import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Skeleton, Space, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';

import { formatDateTime } from '@/shared/lib/dates';
import { LoadError } from '@/shared/ui/load-error';

import type { Decision, RequestStatus } from '../api';
import { STATUS_INFO } from '../lib/request-format';

export const LIST_STYLE = { listStyle: 'none', margin: 0, padding: 0 } as const;

/** An Approved (green), Rejected (red) or Pending (gold) badge. */
export function RequestStatusTag({ status }: { status: RequestStatus }) {
  const info = STATUS_INFO[status];
  return (
    <Tag color={info.color} style={{ marginInlineEnd: 0 }}>
      {info.label}
    </Tag>
  );
}

/** What a request list shows while it loads: three placeholder cards (docs/product.md#screens). */
function RequestSkeletons({ label }: { label: string }) {
  return (
    <Flex vertical gap="middle" role="status" aria-label={label}>
      {[0, 1, 2].map((index) => (
        <Card key={index} size="small" aria-hidden>
          <Skeleton active title={{ width: '40%' }} paragraph={{ rows: 2 }} />
        </Card>
      ))}
    </Flex>
  );
}

interface RequestListStateProps {
  /** "swap" or "cancel": names the loading and error states, e.g. "Loading swap requests". */
  kind: 'swap' | 'cancel';
  /** The requests query the list shows. */
  query: {
    data?: unknown;
    isError: boolean;
    isFetching: boolean;
    error?: unknown;
    refetch: () => unknown;
  };
  /** The list, shown once the requests have loaded. */
  children: ReactNode;
}

/**
 * A request list once its requests have loaded; until then placeholder cards, or, when loading
 * failed, the server's reason and a Retry button.
 */
export function RequestListState({ kind, query, children }: RequestListStateProps) {
  if (query.isError && !query.data) {
    return (
      <LoadError
        title={`Failed to load ${kind} requests`}
        error={query.error}
        retrying={query.isFetching}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (!query.data) return <RequestSkeletons label={`Loading ${kind} requests`} />;
  return children;
}

/** A request's reason, keeping the line breaks it was written with. */
export function Reason({ reason }: { reason: string }) {
  return (
    <Typography.Paragraph style={{ marginBottom: 0, whiteSpace: 'pre-line' }}>
      {reason}
    </Typography.Paragraph>
  );
}

interface InstantProps {
  label: string;
  /** An ISO date-time from the API, e.g. `createdAt`. */
  value: string;
  /** Text after the time, e.g. " by Alice Able". */
  suffix?: string;
}

/** "Requested Mon 8 Sep 2025, 09:15": an instant in the browser's time zone. */
export function Instant({ label, value, suffix }: InstantProps) {
  return (
    <Typography.Text type="secondary">
      {label} <time dateTime={value}>{formatDateTime(value)}</time>
      {suffix}
    </Typography.Text>
  );
}

interface DecisionButtonsProps {
  /** "swap" or "cancel": names the buttons, e.g. "Approve swap request from Alice Able". */
  kind: 'swap' | 'cancel';
  /** Whose request it is. */
  name: string;
  /** The decision being sent, while it is. */
  deciding: Decision | undefined;
  onDecide: (decision: Decision) => void;
}

/** Approve and Reject for a pending request; the one being sent spins, the other waits. */
export function DecisionButtons({ kind, name, deciding, onDecide }: DecisionButtonsProps) {
  return (
    <Space size="small">
      <Button
        type="primary"
        icon={<CheckOutlined aria-hidden />}
        aria-label={`Approve ${kind} request from ${name}`}
        loading={deciding === 'approved'}
        disabled={deciding === 'rejected'}
        onClick={() => onDecide('approved')}
      >
        Approve
      </Button>
      <Button
        danger
        icon={<CloseOutlined aria-hidden />}
        aria-label={`Reject ${kind} request from ${name}`}
        loading={deciding === 'rejected'}
        disabled={deciding === 'approved'}
        onClick={() => onDecide('rejected')}
      >
        Reject
      </Button>
    </Space>
  );
}
