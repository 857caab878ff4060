import { Col, Descriptions, Flex, Row, Skeleton, Table, Typography, type TableProps } from 'antd';
import type { skipToken } from '@reduxjs/toolkit/query';

import { formatDate, SHORT_DATE_FORMAT } from '@/shared/lib/dates';
import { LoadError } from '@/shared/ui/load-error';

import {
  useGetDutyLoadQuery,
  type DutyLoadDto,
  type DutyLoadRowDto,
  type FairnessPeriod,
} from '../api';
import { describeDifference, formatDifference, formatFigure } from './fairness';
import { Figure } from './figure';

export const DUTY_LOAD_EMPTY_TEXT = 'Nobody is on the staff to compare in this period';

/** "12–20": the fewest and most of a duty held by one person allowed on it. */
export function formatSpread(min: number, max: number): string {
  return `${min}–${max}`;
}

function columns(load: DutyLoadDto): TableProps<DutyLoadRowDto>['columns'] {
  return [
    {
      title: 'Name',
      dataIndex: 'name',
      fixed: 'start',
      render: (name: string) => <Typography.Text strong>{name}</Typography.Text>,
    },
    ...load.duties.map((duty, i) => ({
      title: duty.name,
      key: duty.id,
      align: 'center' as const,
      render: (_: unknown, row: DutyLoadRowDto) => {
        const part = row.perDuty[i];
        return (
          <Flex vertical align="center">
            <span>{part?.count ?? 0}</span>
            <Typography.Text type="secondary">{`${formatFigure(part?.load ?? 0)} min`}</Typography.Text>
          </Flex>
        );
      },
    })),
    {
      title: 'Load',
      dataIndex: 'load',
      align: 'center',
      render: (value: number) => formatFigure(value),
    },
    {
      title: 'Fair share',
      dataIndex: 'target',
      align: 'center',
      render: (value: number) => formatFigure(value),
    },
    {
      title: 'Difference',
      dataIndex: 'difference',
      align: 'center',
      render: (difference: number) => (
        <span title={describeDifference(difference)}>{formatDifference(difference)}</span>
      ),
    },
  ];
}

/** The team's figures: the largest gap in minutes and, per duty, the fewest–most held. */
function LoadFigures({ load }: { load: DutyLoadDto }) {
  const names = new Map(load.duties.map((d) => [d.id, d.name]));
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} md={6}>
        <Figure title="Largest gap" value={`${formatFigure(load.summary.largestGap)} min`} />
      </Col>
      <Col xs={24} md={18}>
        <Descriptions
          aria-label="Each duty, fewest to most"
          title="Each duty, fewest to most"
          size="small"
          bordered
          column={{ xs: 1, sm: 2, md: 3 }}
          items={load.summary.perDuty.map((spread) => ({
            key: spread.dutyId,
            label: names.get(spread.dutyId) ?? 'Duty',
            children: formatSpread(spread.min, spread.max),
          }))}
        />
      </Col>
    </Row>
  );
}

/**
 * docs/product.md#duties: the load over every duty — each person's duties done and planned, per
 * duty (count, and its minutes), their load (Σ weight) against their fair share of it as the
 * engine makes it, the largest gap and each duty's spread. Staff see their own row.
 */
export function DutyLoadView({
  args,
}: {
  args: { academicYear?: number; period: FairnessPeriod } | typeof skipToken;
}) {
  const { currentData, isFetching, isError, error, refetch } = useGetDutyLoadQuery(args);

  if (isError && !currentData) {
    return (
      <LoadError
        title="Failed to load the load over every duty"
        error={error}
        retrying={isFetching}
        onRetry={() => void refetch()}
      />
    );
  }
  if (!currentData) {
    return (
      <div role="status" aria-label="Loading the load over every duty">
        <Skeleton active paragraph={{ rows: 6 }} />
      </div>
    );
  }
  return (
    <Flex vertical gap="middle" aria-busy={isFetching}>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {`${currentData.academicYear}: ${formatDate(currentData.startDate, SHORT_DATE_FORMAT)} to ${formatDate(currentData.endDate, SHORT_DATE_FORMAT)}. `}
        Load is the minutes of each person&apos;s duties done and planned (each duty weighs its
        minutes unless the school set its weight); the fair share follows their working days,
        contract and the duties they may take.
      </Typography.Paragraph>
      <LoadFigures load={currentData} />
      <Table<DutyLoadRowDto>
        aria-label="Load per person"
        rowKey="staffId"
        columns={columns(currentData)}
        dataSource={currentData.rows}
        pagination={false}
        locale={{ emptyText: DUTY_LOAD_EMPTY_TEXT }}
        scroll={{ x: 'max-content' }}
        size="middle"
      />
    </Flex>
  );
}
