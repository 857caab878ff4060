import { PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Popconfirm, Space, Table, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';

import { getServerMessage } from '@/shared/api/errors';
import { changeOutcome } from '@/shared/lib/rota-change';
import { SectionCard } from '@/shared/ui/section-card';
import { useToast } from '@/shared/ui/toast';

import { useDeleteStaffGroupMutation, useGetStaffGroupsQuery, type StaffGroupDto } from '../api';
import { StaffGroupDialog } from './staff-group-dialog';

/**
 * docs/product.md#staff-groups, Admin Panel: the admin's staff groups, such as SLT or First aiders,
 * each with its people; who may take a duty can name them.
 */
export function StaffGroupsCard() {
  const { data, isLoading, isError, error, refetch } = useGetStaffGroupsQuery();
  const [deleteGroup] = useDeleteStaffGroupMutation();
  const [dialog, setDialog] = useState<{ open: boolean; group?: StaffGroupDto }>({ open: false });
  const toast = useToast();

  const remove = async (group: StaffGroupDto) => {
    try {
      const { rotaChange } = await deleteGroup({ id: group.id }).unwrap();
      toast({
        title: 'Success',
        description: changeOutcome(`Deleted the staff group ${group.name}`, rotaChange),
      });
    } catch (failure) {
      toast({
        variant: 'destructive',
        description: getServerMessage(failure) ?? 'Failed to delete the staff group',
      });
    }
  };

  const columns: TableColumnsType<StaffGroupDto> = [
    { title: 'Group', dataIndex: 'name', key: 'name' },
    {
      title: 'People',
      key: 'members',
      render: (_, group) =>
        group.members.length ? (
          <Space size={[4, 4]} wrap>
            {group.members.map((member) => (
              <Tag key={member.id}>{member.name}</Tag>
            ))}
          </Space>
        ) : (
          'Nobody yet'
        ),
    },
    {
      title: 'Actions',
      key: 'actions',
      render: (_, group) => (
        <Space wrap>
          <Button
            size="small"
            aria-label={`Edit ${group.name}`}
            onClick={() => setDialog({ open: true, group })}
          >
            Edit
          </Button>
          <Popconfirm
            title={`Delete the group ${group.name}?`}
            description="Its people stay on the staff."
            okText="Delete"
            okButtonProps={{ danger: true }}
            onConfirm={() => remove(group)}
          >
            <Button size="small" danger aria-label={`Delete ${group.name}`}>
              Delete
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <SectionCard
      title="Staff Groups"
      extra={
        <Button
          type="primary"
          icon={<PlusOutlined aria-hidden />}
          onClick={() => setDialog({ open: true })}
        >
          Add Group
        </Button>
      }
    >
      {isError ? (
        <Alert
          type="error"
          showIcon
          title="Failed to load staff groups"
          description={getServerMessage(error) ?? 'Please try again.'}
          action={<Button onClick={() => void refetch()}>Try again</Button>}
        />
      ) : (
        <Table<StaffGroupDto>
          rowKey="id"
          columns={columns}
          dataSource={data}
          loading={isLoading}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: 'No staff groups yet. Add one, such as SLT or First aiders.' }}
        />
      )}
      <StaffGroupDialog
        open={dialog.open}
        group={dialog.group}
        onClose={() => setDialog((current) => ({ ...current, open: false }))}
        afterClose={() => setDialog({ open: false })}
      />
    </SectionCard>
  );
}
