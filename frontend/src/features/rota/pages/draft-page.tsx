import { skipToken } from '@reduxjs/toolkit/query';
import {
  Alert,
  Button,
  Empty,
  Flex,
  Modal,
  Popconfirm,
  Skeleton,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';

import { getServerMessage } from '@/shared/api/errors';
import {
  formatDate,
  formatDateRange,
  parseDate,
  SHORT_DATE_FORMAT,
  toIsoDate,
} from '@/shared/lib/dates';
import { dutyTitle } from '@/shared/lib/duty-labels';
import { LoadError } from '@/shared/ui/load-error';
import { PageTitle } from '@/shared/ui/page-title';
import { SectionCard } from '@/shared/ui/section-card';
import { useToast } from '@/shared/ui/toast';

import {
  useDiscardDraftMutation,
  useGetDraftDaysQuery,
  useGetDraftQuery,
  usePublishDraftMutation,
  type DraftDetailDto,
  type DraftPersonDto,
  type RotaGridDto,
} from '../api';
import { DraftExportButton } from '../components/draft-export-button';
import { DraftHealth } from '../components/draft-health';
import { DRAFT_STATUS_LABELS, publishQuestion, signedDuties } from '../lib/drafts';

/** Days of a draft shown at a time (the server's limit). */
const DAYS_AT_A_TIME = 93;

/** The draft's days, one row per weekday, a column per duty: who the draft puts on it, read-only. */
function DraftDays({ draft }: { draft: DraftDetailDto }) {
  const [from, setFrom] = useState(draft.startDate);
  const to = toIsoDate(parseDate(from).add(DAYS_AT_A_TIME - 1, 'day'));
  const days = useGetDraftDaysQuery({
    id: draft.id,
    from,
    to: to < draft.endDate ? to : draft.endDate,
  });
  if (days.isError && !days.currentData) {
    return (
      <LoadError
        title="Failed to load the draft's days"
        error={days.error}
        retrying={days.isFetching}
        onRetry={() => void days.refetch()}
      />
    );
  }
  if (!days.currentData) {
    return (
      <div role="status" aria-label="Loading the draft's days">
        <Skeleton active paragraph={{ rows: 6 }} />
      </div>
    );
  }
  const grid: RotaGridDto = days.currentData;
  const shown = grid.duties.filter((duty) =>
    grid.days.some((day) => day.duties.some((cell) => cell.dutyId === duty.id)),
  );
  const later = to < draft.endDate ? toIsoDate(parseDate(to).add(1, 'day')) : undefined;
  const earlier =
    from > draft.startDate ? toIsoDate(parseDate(from).subtract(DAYS_AT_A_TIME, 'day')) : undefined;
  return (
    <>
      <Table
        size="small"
        rowKey="date"
        pagination={false}
        scroll={{ x: 'max-content' }}
        aria-label="The draft's days"
        dataSource={grid.days}
        locale={{
          emptyText: (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description="No school days in these dates"
            />
          ),
        }}
        columns={[
          {
            title: 'Date',
            dataIndex: 'date',
            fixed: 'left',
            render: (date: string) => formatDate(date, SHORT_DATE_FORMAT),
          },
          ...shown.map((duty) => ({
            title: dutyTitle(duty),
            key: duty.id,
            render: (_: unknown, day: RotaGridDto['days'][number]) => {
              const cell = day.duties.find((c) => c.dutyId === duty.id);
              if (!cell) return '—';
              return cell.slots.map((slot) => slot.staff?.name ?? 'Unfilled').join(', ');
            },
          })),
        ]}
      />
      <Flex gap={8} style={{ marginTop: 8 }}>
        {earlier !== undefined && (
          <Button onClick={() => setFrom(earlier < draft.startDate ? draft.startDate : earlier)}>
            Earlier days
          </Button>
        )}
        {later !== undefined && <Button onClick={() => setFrom(later)}>Later days</Button>}
      </Flex>
    </>
  );
}

/** Each active person's duties in the draft and their year's load against their fair share, in duties. */
function DraftFairness({ draft }: { draft: DraftDetailDto }) {
  return (
    <>
      <Typography.Paragraph>
        Largest gap to a fair share: <strong>{draft.largestGap.toFixed(2)} duties</strong> over{' '}
        {draft.academicYear}, with this draft in place.
      </Typography.Paragraph>
      <Table<DraftPersonDto>
        size="small"
        rowKey="staffId"
        pagination={false}
        scroll={{ x: 'max-content' }}
        aria-label="Fairness with this draft"
        dataSource={draft.people}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No active staff" />,
        }}
        columns={[
          { title: 'Name', dataIndex: 'name', fixed: 'left' },
          { title: 'In this draft', dataIndex: 'draftDuties', align: 'right' },
          {
            title: 'Load (duties)',
            dataIndex: 'load',
            align: 'right',
            render: (v: number) => v.toFixed(2),
          },
          {
            title: 'Fair share',
            dataIndex: 'share',
            align: 'right',
            render: (v: number) => v.toFixed(2),
          },
          {
            title: 'Difference',
            dataIndex: 'difference',
            align: 'right',
            render: (v: number) => signedDuties(v),
          },
        ]}
      />
    </>
  );
}

/**
 * docs/product.md#drafts: one draft — its days (read-only), its fairness, its export, and, while
 * it is open, what of it breaks a hard rule now, Publish (after a confirmation naming how many
 * duties and people) and Discard.
 */
export function DraftPage() {
  const { id } = useParams<{ id: string }>();
  const draft = useGetDraftQuery(id ? { id } : skipToken);
  const [publish, publishing] = usePublishDraftMutation();
  const [discard, discarding] = useDiscardDraftMutation();
  const toast = useToast();
  const navigate = useNavigate();
  const [modal, contextHolder] = Modal.useModal();

  if (draft.isError && !draft.currentData) {
    return (
      <>
        <PageTitle title="Draft" />
        <LoadError
          title="Failed to load the draft"
          error={draft.error}
          retrying={draft.isFetching}
          onRetry={() => void draft.refetch()}
        />
      </>
    );
  }
  if (!draft.currentData) {
    return (
      <div role="status" aria-label="Loading the draft">
        <Skeleton active paragraph={{ rows: 8 }} />
      </div>
    );
  }
  const current = draft.currentData;
  const open = current.status === 'open';
  const people = current.people.filter((p) => p.draftDuties > 0).length;

  const confirmPublish = () =>
    void modal.confirm({
      title: 'Publish this draft?',
      content: publishQuestion(current, people),
      okText: 'Publish',
      onOk: async () => {
        try {
          const result = await publish({ id: current.id }).unwrap();
          toast({ title: 'Draft published', description: result.message });
        } catch (error) {
          toast({
            variant: 'destructive',
            title: 'Publish failed',
            description: getServerMessage(error) ?? 'Failed to publish the draft',
          });
        }
      },
    });

  const confirmDiscard = async () => {
    try {
      await discard({ id: current.id }).unwrap();
      toast({ title: 'Draft discarded' });
      void navigate('/staff#rota-management');
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Discard failed',
        description: getServerMessage(error) ?? 'Failed to discard the draft',
      });
    }
  };

  return (
    <Flex vertical gap={16}>
      <PageTitle title={current.name} />
      {contextHolder}
      <Flex gap={8} wrap align="center">
        <Typography.Title level={1} style={{ margin: 0 }}>
          {current.name}
        </Typography.Title>
        <Tag>{DRAFT_STATUS_LABELS[current.status]}</Tag>
      </Flex>
      <Typography.Text type="secondary">
        {formatDateRange(current.startDate, current.endDate)} ·{' '}
        {current.duties === 1 ? '1 duty' : `${current.duties} duties`} ·{' '}
        <Link to="/staff#rota-management">All drafts</Link>
      </Typography.Text>
      {open ? (
        <Flex gap={8} wrap>
          <Button
            type="primary"
            loading={publishing.isLoading}
            disabled={discarding.isLoading}
            onClick={confirmPublish}
          >
            Publish
          </Button>
          <Popconfirm
            title="Discard this draft?"
            description="The rota stays as it is."
            okText="Discard"
            okButtonProps={{ danger: true }}
            onConfirm={confirmDiscard}
          >
            <Button danger loading={discarding.isLoading} disabled={publishing.isLoading}>
              Discard
            </Button>
          </Popconfirm>
          <DraftExportButton draft={current} />
        </Flex>
      ) : (
        <>
          <Alert
            type="info"
            showIcon
            title={
              current.status === 'published'
                ? `Published on ${formatDate(current.publishedAt?.slice(0, 10))}: it is the rota now.`
                : 'Discarded: it was never published.'
            }
          />
          <Flex>
            <DraftExportButton draft={current} />
          </Flex>
        </>
      )}
      {open && (
        <SectionCard title="Hard rules">
          <DraftHealth draft={current} />
        </SectionCard>
      )}
      <SectionCard title="Fairness">
        <DraftFairness draft={current} />
      </SectionCard>
      <SectionCard title="Days">
        <DraftDays draft={current} />
      </SectionCard>
    </Flex>
  );
}
