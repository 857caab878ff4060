import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Button, Empty, Flex, Space, Spin, Tag, Typography } from 'antd';

import { getServerMessage } from '@/shared/api/errors';
import { formatDateRange } from '@/shared/lib/dates';
import { ConfirmButton } from '@/shared/ui/confirm-button';
import { useToast } from '@/shared/ui/toast';

import { useDeleteHolidayMutation, type HolidayDto } from '../api';
import { holidayTypeInfo } from '../lib/holiday-types';

interface HolidayListProps {
  holidays: HolidayDto[];
  loading: boolean;
  /** Whether to offer edit and delete; staff only look. */
  canManage: boolean;
  onEdit: (holiday: HolidayDto) => void;
}

const LIST_STYLE = { listStyle: 'none', margin: 0, padding: 0 } as const;

/** docs/product.md#holidays: the holiday rows, each with its dates, type badge, description and actions. */
export function HolidayList({ holidays, loading, canManage, onEdit }: HolidayListProps) {
  const [deleteHoliday, deleteState] = useDeleteHolidayMutation();
  const toast = useToast();

  const remove = async (holiday: HolidayDto) => {
    try {
      await deleteHoliday({ id: holiday.id }).unwrap();
      toast({ title: 'Success', description: 'Holiday deleted successfully' });
    } catch (error) {
      toast({
        variant: 'destructive',
        description: getServerMessage(error) ?? 'Failed to delete holiday',
      });
    }
  };

  if (loading) {
    return (
      <Flex justify="center" style={{ padding: 24 }} role="status">
        <Spin description="Loading holidays…" />
      </Flex>
    );
  }
  if (holidays.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No holidays scheduled" />;
  }

  return (
    <ul aria-label="Holidays" style={LIST_STYLE}>
      {holidays.map((holiday, index) => {
        const type = holidayTypeInfo(holiday.type);
        const deleting = deleteState.isLoading && deleteState.originalArgs?.id === holiday.id;
        return (
          <li
            key={holiday.id}
            style={{
              padding: '12px 0',
              borderTop: index === 0 ? undefined : '1px solid rgba(5, 5, 5, 0.06)',
            }}
          >
            <Flex justify="space-between" align="start" gap="middle">
              <Flex vertical gap={4} style={{ minWidth: 0 }}>
                <Flex align="center" gap="small" wrap>
                  <Typography.Text strong>{holiday.name}</Typography.Text>
                  <Tag color={type.color} style={{ marginInlineEnd: 0 }}>
                    {type.label}
                  </Tag>
                </Flex>
                <Typography.Text type="secondary">
                  {formatDateRange(holiday.startDate, holiday.endDate)}
                </Typography.Text>
                {holiday.description && (
                  <Typography.Paragraph style={{ marginBottom: 0 }}>
                    {holiday.description}
                  </Typography.Paragraph>
                )}
              </Flex>
              {canManage && (
                <Space size="small">
                  <Button
                    icon={<EditOutlined aria-hidden />}
                    aria-label={`Edit ${holiday.name}`}
                    onClick={() => onEdit(holiday)}
                  />
                  <ConfirmButton
                    danger
                    icon={<DeleteOutlined aria-hidden />}
                    aria-label={`Delete ${holiday.name}`}
                    loading={deleting}
                    confirmTitle={`Delete ${holiday.name}?`}
                    confirmDescription="This cannot be undone."
                    okText="Delete"
                    okDanger
                    onConfirm={() => remove(holiday)}
                  />
                </Space>
              )}
            </Flex>
          </li>
        );
      })}
    </ul>
  );
}
