import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Select, Table, Tag, Typography, type TableProps } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';

import { useGetDutiesQuery } from '@/features/duties/api';
import { getServerMessage } from '@/shared/api/errors';
import { useCan } from '@/shared/auth/access';
import { formatDateTime } from '@/shared/lib/dates';
import { AccessGuard } from '@/shared/ui/access-guard';
import { PageTitle } from '@/shared/ui/page-title';

import { useGetAuditLogQuery, type AuditEntryDto, type AuditKind } from '../api';

const TITLE = 'Activity';
const PAGE_SIZE = 25;

const KIND_LABELS: Record<AuditKind, { label: string; color: string }> = {
  staff: { label: 'Staff', color: 'blue' },
  role: { label: 'Role', color: 'purple' },
  holiday: { label: 'Holiday', color: 'orange' },
  settings: { label: 'Settings', color: 'cyan' },
  rota: { label: 'Rota', color: 'green' },
  request: { label: 'Request', color: 'gold' },
  duty: { label: 'Duty', color: 'magenta' },
};

const ALL_KINDS = 'all';

const KIND_OPTIONS = [
  { value: ALL_KINDS, label: 'All activity' },
  ...(Object.keys(KIND_LABELS) as AuditKind[]).map((kind) => ({
    value: kind,
    label: KIND_LABELS[kind].label,
  })),
];

const COLUMNS: TableProps<AuditEntryDto>['columns'] = [
  {
    title: 'When',
    dataIndex: 'createdAt',
    width: 200,
    render: (createdAt: string) => (
      <time dateTime={createdAt} style={{ whiteSpace: 'nowrap' }}>
        {formatDateTime(createdAt)}
      </time>
    ),
  },
  { title: 'Who', dataIndex: 'actorName', width: 180 },
  { title: 'What', dataIndex: 'summary' },
  {
    title: 'Kind',
    dataIndex: 'kind',
    width: 110,
    render: (kind: AuditKind) => (
      <Tag color={KIND_LABELS[kind].color}>{KIND_LABELS[kind].label}</Tag>
    ),
  },
];

function ActivityLog() {
  const [kind, setKind] = useState<AuditKind | typeof ALL_KINDS>(ALL_KINDS);
  // Changes of duties are a kind of their own once the school runs more than the Duty Manager
  // duty (docs/product.md#duties); before that the filter offers the spec's kinds.
  const manyDuties = (useGetDutiesQuery().data?.length ?? 0) > 1;
  const kindOptions = manyDuties
    ? KIND_OPTIONS
    : KIND_OPTIONS.filter((option) => option.value !== 'duty');
  const [page, setPage] = useState(1);
  const canOpenAdminPanel = useCan('admin.panel');
  const { data, isFetching, isError, error, refetch } = useGetAuditLogQuery({
    kind: kind === ALL_KINDS ? undefined : kind,
    page,
    pageSize: PAGE_SIZE,
  });

  return (
    <>
      <Flex justify="space-between" align="baseline" wrap gap="small">
        <Typography.Title level={1} style={{ marginTop: 0 }}>
          {TITLE}
        </Typography.Title>
        {canOpenAdminPanel && <Link to="/staff">Back to the Admin Panel</Link>}
      </Flex>
      <Typography.Paragraph type="secondary">
        Who changed what in your organisation, and when. Newest first.
      </Typography.Paragraph>
      <Card>
        <Flex justify="space-between" align="center" wrap gap="small" style={{ marginBottom: 16 }}>
          <Flex align="center" gap="small">
            <label htmlFor="activity-kind">Kind</label>
            <Select
              id="activity-kind"
              style={{ minWidth: 160 }}
              options={kindOptions}
              value={kind}
              onChange={(next) => {
                setKind(next);
                setPage(1);
              }}
            />
          </Flex>
          <Button
            icon={<ReloadOutlined aria-hidden />}
            loading={isFetching}
            onClick={() => void refetch()}
          >
            Refresh
          </Button>
        </Flex>
        {isError ? (
          <Alert
            type="error"
            showIcon
            title="Failed to load the activity log"
            description={getServerMessage(error) ?? 'Please try again.'}
            action={<Button onClick={() => void refetch()}>Try again</Button>}
          />
        ) : (
          <Table<AuditEntryDto>
            aria-label="Activity log"
            rowKey="id"
            columns={COLUMNS}
            dataSource={data?.items}
            loading={isFetching}
            locale={{ emptyText: 'No activity yet' }}
            pagination={{
              current: page,
              pageSize: PAGE_SIZE,
              total: data?.total ?? 0,
              showSizeChanger: false,
              hideOnSinglePage: true,
              onChange: setPage,
            }}
            scroll={{ x: true }}
          />
        )}
      </Card>
    </>
  );
}

/** The activity log (docs/product.md#activity-log-import-and-printing): every recorded change, for admins and managers. */
export function ActivityPage() {
  return (
    <AccessGuard permission="audit.view" title={TITLE}>
      <PageTitle title={TITLE} />
      <ActivityLog />
    </AccessGuard>
  );
}
