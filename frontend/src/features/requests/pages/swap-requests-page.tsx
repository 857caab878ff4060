import { PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Tabs, Typography } from 'antd';
import { useState } from 'react';

import { useCan } from '@/shared/auth/access';
import { PageTitle } from '@/shared/ui/page-title';
import { SectionCard } from '@/shared/ui/section-card';

import { useGetSwapRequestsQuery } from '../api';
import { CreateSwapRequestDialog } from '../components/create-swap-request-dialog';
import { RequestListState } from '../components/request-states';
import { CompletedSwapList, PendingSwapList } from '../components/swap-request-list';
import { splitByStatus, tabLabel } from '../lib/request-format';

const TITLE = 'Swap Requests';

/**
 * docs/product.md#swap-requests: Swap Requests at /swaps. Anyone asks a colleague to cover or trade a duty; admins and
 * managers approve or reject the pending requests (docs/product.md#swap-requests).
 */
export function SwapRequestsPage() {
  const canDecide = useCan('requests.decide');
  const query = useGetSwapRequestsQuery();
  const { data } = query;
  const [creating, setCreating] = useState(false);
  const { pending, completed } = splitByStatus(data);

  return (
    <>
      <PageTitle title={TITLE} />
      <Flex justify="space-between" align="start" wrap gap="middle">
        <div>
          <Typography.Title level={1} style={{ marginTop: 0, marginBottom: 4 }}>
            {TITLE}
          </Typography.Title>
          <Typography.Paragraph type="secondary">
            {canDecide
              ? 'Review requests to cover or trade duties, and ask on anyone’s behalf'
              : 'Ask a colleague to cover or trade a duty, and follow your requests'}
          </Typography.Paragraph>
        </div>
        <Button
          type="primary"
          icon={<PlusOutlined aria-hidden />}
          onClick={() => setCreating(true)}
        >
          Create Swap Request
        </Button>
      </Flex>
      <Tabs
        items={[
          {
            key: 'pending',
            label: tabLabel('Pending', data ? pending.length : undefined),
            children: (
              <SectionCard title="Pending Requests">
                {!canDecide && (
                  <Typography.Paragraph type="secondary">
                    Administrators and managers approve or reject swap requests.
                  </Typography.Paragraph>
                )}
                <RequestListState kind="swap" query={query}>
                  <PendingSwapList requests={pending} canDecide={canDecide} />
                </RequestListState>
              </SectionCard>
            ),
          },
          {
            key: 'completed',
            label: tabLabel('Completed', data ? completed.length : undefined),
            children: (
              <SectionCard title="Recent History">
                <RequestListState kind="swap" query={query}>
                  <CompletedSwapList requests={completed} />
                </RequestListState>
              </SectionCard>
            ),
          },
        ]}
      />
      <CreateSwapRequestDialog open={creating} onClose={() => setCreating(false)} />
    </>
  );
}
