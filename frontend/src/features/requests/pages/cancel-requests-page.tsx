import { Empty, Flex, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';

import { useCan } from '@/shared/auth/access';
import { PageTitle } from '@/shared/ui/page-title';

import { useGetCancelRequestsQuery, type CancelRequestDto } from '../api';
import { CancelRequestCard } from '../components/cancel-request-card';
import { CancelRequestDialog } from '../components/cancel-request-dialog';
import { LIST_STYLE, RequestListState } from '../components/request-states';
import { splitCancelRequests, tabLabel } from '../lib/request-format';

const TITLE = 'Cancel Requests';

interface CancelRequestListProps {
  label: string;
  requests: CancelRequestDto[];
  empty: string;
  canDecide: boolean;
}

function CancelRequestList({ label, requests, empty, canDecide }: CancelRequestListProps) {
  if (requests.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />;
  }
  return (
    <Flex vertical gap="middle" component="ul" aria-label={label} style={LIST_STYLE}>
      {requests.map((request) => (
        <li key={request.id}>
          <CancelRequestCard request={request} canDecide={canDecide} />
        </li>
      ))}
    </Flex>
  );
}

/**
 * docs/product.md#cancel-requests: Cancel Requests at /cancel-requests. People ask from the rota to be taken off a duty;
 * only admins approve or reject (docs/product.md#roles-and-permissions), and the buttons are hidden from everyone else.
 * `?ask=cancel&dutyId=<id>&date=<yyyy-MM-dd>` (My Rota's "Ask to cancel" on a duty of another kind,
 * docs/product.md#duties) opens the cancel form for that duty and day.
 */
export function CancelRequestsPage() {
  const canDecide = useCan('cancellations.decide');
  const query = useGetCancelRequestsQuery();
  const { data } = query;
  const { pending, completed, recorded } = splitCancelRequests(data);
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = searchParams.get('ask') === 'cancel';
  const [creating, setCreating] = useState(asked);
  const start = asked
    ? {
        dutyId: searchParams.get('dutyId') ?? undefined,
        date: searchParams.get('date') ?? undefined,
      }
    : undefined;
  const closeCreating = () => {
    setCreating(false);
    if (asked) setSearchParams({}, { replace: true });
  };

  return (
    <>
      <PageTitle title={TITLE} />
      <Typography.Title level={1} style={{ marginTop: 0, marginBottom: 4 }}>
        {TITLE}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 4 }}>
        {canDecide
          ? 'Approve or reject requests to be taken off a duty'
          : 'Requests to be taken off a duty, and how they were decided'}
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary">
        To ask for a duty to be cancelled, click your duty on the{' '}
        {/* Underlined: in running text a link must not stand out by its colour alone. */}
        <Link to="/" style={{ textDecoration: 'underline' }}>
          Dashboard
        </Link>{' '}
        calendar and choose Request Cancel.
        {!canDecide && ' Only administrators approve or reject cancel requests.'}
      </Typography.Paragraph>
      <Tabs
        items={[
          {
            key: 'pending',
            label: tabLabel('Pending', data ? pending.length : undefined),
            children: (
              <RequestListState kind="cancel" query={query}>
                <CancelRequestList
                  label="Pending cancel requests"
                  requests={pending}
                  empty="No pending cancel requests"
                  canDecide={canDecide}
                />
              </RequestListState>
            ),
          },
          {
            key: 'completed',
            label: tabLabel('Completed', data ? completed.length : undefined),
            children: (
              <RequestListState kind="cancel" query={query}>
                <CancelRequestList
                  label="Completed cancel requests"
                  requests={completed}
                  empty="No completed cancel requests"
                  canDecide={canDecide}
                />
              </RequestListState>
            ),
          },
          {
            // The duties the app took people off (a holiday, leave, a leaver, an edit of the
            // rota…), kept as approved cancellations: apart, so they don't bury people's requests.
            key: 'rota-changes',
            label: tabLabel('Rota changes', data ? recorded.length : undefined),
            children: (
              <RequestListState kind="cancel" query={query}>
                <Typography.Paragraph type="secondary">
                  Duties taken off the rota by a change rather than a request: a holiday or term
                  dates, unavailability, someone leaving, or an edit of the rota.
                </Typography.Paragraph>
                <CancelRequestList
                  label="Rota changes"
                  requests={recorded}
                  empty="No rota changes"
                  canDecide={canDecide}
                />
              </RequestListState>
            ),
          },
        ]}
      />
      {asked && <CancelRequestDialog open={creating} onClose={closeCreating} start={start} />}
    </>
  );
}
