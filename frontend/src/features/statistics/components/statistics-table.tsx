import { Flex, Table, Tag, Typography, type TableProps } from 'antd';

import type { StaffDutyStatisticsDto } from '../api';
import { describeVsAverage, formatVsAverage } from './fairness';

export const EMPTY_TEXT = 'No duty statistics available for the selected period';

const WEEKDAYS = [
  { key: 'monday', short: 'Mon', full: 'Monday' },
  { key: 'tuesday', short: 'Tue', full: 'Tuesday' },
  { key: 'wednesday', short: 'Wed', full: 'Wednesday' },
  { key: 'thursday', short: 'Thu', full: 'Thursday' },
  { key: 'friday', short: 'Fri', full: 'Friday' },
] as const;

interface StatisticsTableProps {
  staff: StaffDutyStatisticsDto[] | undefined;
  /** Duties per listed person, unrounded: the fairness column's yardstick. */
  average: number | undefined;
  loading: boolean;
}

function columns(average: number | undefined): TableProps<StaffDutyStatisticsDto>['columns'] {
  return [
    {
      title: 'Staff Member',
      dataIndex: 'name',
      render: (_: string, person) => (
        <Flex vertical>
          <Flex align="center" gap="small" wrap>
            <Typography.Text strong>{person.name}</Typography.Text>
            {!person.isActive && <Tag style={{ marginInlineEnd: 0 }}>Inactive</Tag>}
          </Flex>
          {person.department && (
            <Typography.Text type="secondary">{person.department}</Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      title: 'Total',
      dataIndex: 'total',
      align: 'center',
      render: (total: number) => <Typography.Text strong>{total}</Typography.Text>,
    },
    ...WEEKDAYS.map((day) => ({
      // Short titles keep the table narrow; the header cell's name is the full weekday.
      title: (
        <abbr title={day.full} style={{ textDecoration: 'none' }}>
          {day.short}
        </abbr>
      ),
      dataIndex: day.key,
      key: day.key,
      align: 'center' as const,
      onHeaderCell: () => ({ 'aria-label': day.full }),
    })),
    {
      title: 'vs average',
      key: 'vsAverage',
      align: 'center',
      render: (_: unknown, person) =>
        average === undefined ? null : (
          <span title={describeVsAverage(person.total, average)}>
            {formatVsAverage(person.total, average)}
          </span>
        ),
    },
  ];
}

/**
 * docs/product.md#statistics-and-the-dashboard: each person's duties in the statistics period, in total and per weekday, most duties
 * first as the server sorts them; a fairness column adds how far each total is from the
 * team average.
 */
export function StatisticsTable({ staff, average, loading }: StatisticsTableProps) {
  return (
    <Table<StaffDutyStatisticsDto>
      aria-label="Duties per staff member"
      rowKey="staffId"
      columns={columns(average)}
      dataSource={staff}
      loading={loading}
      pagination={false}
      locale={{ emptyText: EMPTY_TEXT }}
      scroll={{ x: true }}
    />
  );
}
