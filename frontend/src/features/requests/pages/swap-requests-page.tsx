import { PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Tabs, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';

import { useAccess, useCan } from '@/shared/auth/access';
import { PageTitle } from '@/shared/ui/page-title';
import { SectionCard } from '@/shared/ui/section-card';
import { WRAPPING_TABS } from '@/shared/ui/wrapping-tabs';

import { useGetSwapRequestsQuery, type SwapRequestDto } from '../api';
import { CreateSwapRequestDialog } from '../components/create-swap-request-dialog';
import { RequestListState } from '../components/request-states';
import { SwapRequestList } from '../components/swap-request-list';
import { useOwnStaffRecord } from '../lib/own-staff';
import { tabLabel } from '../lib/request-format';
import { groupSwaps, tabOf, type SwapTab } from '../lib/swap-state';

const TITLE = 'Swap Requests';

/**
 * docs/product.md#swap-requests: Swap Requests at /swaps. Anyone asks a colleague (or anyone who
 * can) to cover or trade a duty; the colleague accepts or declines; admins and managers approve
 * or reject what was accepted. `?request=<id>` (the links in emails and the bell) opens the tab
 * holding that request and highlights it; `?ask=swap&dutyId=<id>&date=<yyyy-MM-dd>` (My Rota's
 * "Ask for a swap" on a duty) opens Create Swap Request for that duty and day.
 */
export function SwapRequestsPage() {
  const canDecide = useCan('requests.decide');
  const access = useAccess();
  const role = access.status === 'ready' ? access.role : undefined;
  const approver = canDecide ? (role === 'admin' ? 'admin' : 'manager') : undefined;
  const own = useOwnStaffRecord();
  const query = useGetSwapRequestsQuery();
  const { data } = query;
  const [searchParams, setSearchParams] = useSearchParams();
  const highlightId = searchParams.get('request');
  const asked = searchParams.get('ask') === 'swap';
  const [creating, setCreating] = useState(asked);
  const start = asked
    ? {
        dutyId: searchParams.get('dutyId') ?? undefined,
        originalDate: searchParams.get('date') ?? undefined,
      }
    : undefined;
  const closeCreating = () => {
    setCreating(false);
    if (asked) setSearchParams({}, { replace: true });
  };
  const groups = groupSwaps(data, own?.id, canDecide);
  // The tab chosen by hand; until then the one holding the linked request, else the first.
  const [chosenTab, setChosenTab] = useState<{ tab: SwapTab; forLink: string | null }>();
  const linkedTab = tabOf(groups, highlightId);
  const activeTab =
    chosenTab && chosenTab.forLink === highlightId ? chosenTab.tab : (linkedTab ?? 'waiting');

  const count = (list: SwapRequestDto[]) => (data ? list.length : undefined);
  const listed = (children: ReactNode) => (
    <RequestListState kind="swap" query={query}>
      {children}
    </RequestListState>
  );

  const tabs = [
    {
      key: 'waiting',
      label: tabLabel('Waiting for me', count(groups.waitingForMe)),
      children: (
        <SectionCard title="Waiting for me">
          {listed(
            <SwapRequestList
              requests={groups.waitingForMe}
              label="Swap requests waiting for me"
              emptyText={
                canDecide ? 'No pending swap requests' : 'No swap requests wait for your answer'
              }
              approver={approver}
              highlightId={highlightId}
            />,
          )}
        </SectionCard>
      ),
    },
    {
      key: 'mine',
      label: tabLabel('My requests', count(groups.mine)),
      children: (
        <SectionCard title="My requests">
          {!canDecide && (
            <Typography.Paragraph type="secondary">
              The colleague answers first; then administrators and managers approve or reject swap
              requests.
            </Typography.Paragraph>
          )}
          {listed(
            <SwapRequestList
              requests={groups.mine}
              label="My swap requests"
              emptyText="You have no swap requests in progress"
              approver={approver}
              highlightId={highlightId}
            />,
          )}
        </SectionCard>
      ),
    },
    ...(canDecide
      ? [
          {
            key: 'others',
            label: tabLabel('Waiting for colleagues', count(groups.others)),
            children: (
              <SectionCard title="Waiting for colleagues">
                {listed(
                  <SwapRequestList
                    requests={groups.others}
                    label="Swap requests waiting for colleagues"
                    emptyText="No swap requests wait for a colleague"
                    approver={approver}
                    highlightId={highlightId}
                  />,
                )}
              </SectionCard>
            ),
          },
        ]
      : []),
    {
      key: 'history',
      label: tabLabel('History', count(groups.history)),
      children: (
        <SectionCard title="Recent History">
          {listed(
            <SwapRequestList
              requests={groups.history}
              label="Completed swap requests"
              emptyText="No completed swap requests"
              approver={undefined}
              highlightId={highlightId}
            />,
          )}
        </SectionCard>
      ),
    },
  ];

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
              : 'Ask a colleague to cover or trade a duty, answer their requests, and follow yours'}
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
        // Up to four tabs: on a phone they take two lines rather than hide behind "…".
        className={WRAPPING_TABS}
        activeKey={activeTab}
        onChange={(key) => setChosenTab({ tab: key as SwapTab, forLink: highlightId })}
        items={tabs}
      />
      <CreateSwapRequestDialog open={creating} onClose={closeCreating} start={start} />
    </>
  );
}
