import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Button, Empty, Flex, Space, Tag, theme, Typography } from 'antd';

import { getServerMessage } from '@/shared/api/errors';
import { formatDateRange } from '@/shared/lib/dates';
import { ConfirmButton } from '@/shared/ui/confirm-button';
import { useToast } from '@/shared/ui/toast';

import { useDeleteUnavailabilityMutation, type UnavailabilityDto } from '../api';
import { isCurrent, periodName } from '../lib/periods';
import { unavailabilityTypeInfo } from '../lib/unavailability-types';

/** docs/product.md#texts-on-screen: the question asked before a period is deleted. */
const DELETE_QUESTION = 'Are you sure you want to delete this unavailability period?';

const LIST_STYLE = { listStyle: 'none', margin: 0, padding: 0 } as const;

interface UnavailabilityListProps {
  periods: UnavailabilityDto[];
  /** The list's accessible name, e.g. "Past unavailability". */
  label: string;
  emptyText: string;
  /** The server's today (`yyyy-MM-dd`), to mark the period going on now. */
  today: string;
  /** Opens the period in the Edit Unavailability dialog. */
  onEdit: (period: UnavailabilityDto) => void;
}

/** docs/product.md#unavailability: one row per unavailability period, with its type, dates, reason, and edit and delete buttons. */
export function UnavailabilityList({
  periods,
  label,
  emptyText,
  today,
  onEdit,
}: UnavailabilityListProps) {
  const [deleteUnavailability, deleteState] = useDeleteUnavailabilityMutation();
  const { token } = theme.useToken();
  const toast = useToast();

  const remove = async (period: UnavailabilityDto) => {
    try {
      await deleteUnavailability({ id: period.id }).unwrap();
      toast({ title: 'Success', description: 'Unavailability period deleted successfully' });
    } catch (error) {
      toast({
        variant: 'destructive',
        description: getServerMessage(error) ?? 'Failed to delete unavailability period',
      });
    }
  };

  if (periods.length === 0) {
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={emptyText}
        style={{ marginBlock: 8 }}
      />
    );
  }

  return (
    <ul aria-label={label} style={LIST_STYLE}>
      {periods.map((period, index) => {
        const type = unavailabilityTypeInfo(period.type);
        const deleting = deleteState.isLoading && deleteState.originalArgs?.id === period.id;
        return (
          <li
            key={period.id}
            style={{
              padding: '12px 0',
              borderTop: index === 0 ? undefined : `1px solid ${token.colorSplit}`,
            }}
          >
            <Flex justify="space-between" align="start" gap="middle">
              <Flex vertical gap={4} style={{ minWidth: 0 }}>
                <Flex align="center" gap="small" wrap>
                  <Tag color={type.color} style={{ marginInlineEnd: 0 }}>
                    {type.label}
                  </Tag>
                  <Typography.Text strong>
                    {formatDateRange(period.startDate, period.endDate)}
                  </Typography.Text>
                  {isCurrent(period, today) && (
                    <Tag color="green" style={{ marginInlineEnd: 0 }}>
                      Now
                    </Tag>
                  )}
                </Flex>
                <Typography.Paragraph style={{ marginBottom: 0, whiteSpace: 'pre-line' }}>
                  {period.reason}
                </Typography.Paragraph>
              </Flex>
              <Space size="small">
                <Button
                  icon={<EditOutlined aria-hidden />}
                  aria-label={`Edit unavailability ${periodName(period)}`}
                  onClick={() => onEdit(period)}
                />
                <ConfirmButton
                  danger
                  icon={<DeleteOutlined aria-hidden />}
                  aria-label={`Delete unavailability ${periodName(period)}`}
                  loading={deleting}
                  confirmTitle={DELETE_QUESTION}
                  confirmDescription="Duties already taken off the rota for it are not put back."
                  okText="Delete"
                  okDanger
                  onConfirm={() => remove(period)}
                />
              </Space>
            </Flex>
          </li>
        );
      })}
    </ul>
  );
}
