import { DownloadOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import {
  Button,
  Col,
  Descriptions,
  Flex,
  Progress,
  Radio,
  Row,
  Segmented,
  Skeleton,
  Space,
  Table,
  Tag,
  Tooltip,
  Typography,
  type TableProps,
} from 'antd';
import { skipToken } from '@reduxjs/toolkit/query';
import { useId, useState, type ReactNode } from 'react';

import { useGetDutiesQuery } from '@/features/duties/api';
import { useGetAcademicYearsQuery } from '@/features/holidays/api';
import { useAccess } from '@/shared/auth/access';
import { formatDate, SHORT_DATE_FORMAT } from '@/shared/lib/dates';
import { AcademicYearChoice } from '@/shared/ui/academic-year-choice';
import { LoadError } from '@/shared/ui/load-error';
import { useFileDownload } from '@/shared/ui/use-file-download';

import {
  DUTY_LOAD_EXPORT_URL,
  FAIRNESS_EXPORT_URL,
  useGetFairnessQuery,
  type ExportFormat,
  type FairnessDto,
  type FairnessPeriod,
  type FairnessRowDto,
} from '../api';
import { DutyLoadView } from './duty-load-view';
import { describeDifference, formatDifference, formatFigure, formatMeasure } from './fairness';
import { Figure } from './figure';

export const PERIODS: readonly { value: FairnessPeriod; label: string }[] = [
  { value: 'year', label: 'Year' },
  { value: 'autumn', label: 'Autumn term' },
  { value: 'spring', label: 'Spring term' },
  { value: 'summer', label: 'Summer term' },
];

/** Which duties the view weighs: the Duty Manager duty's fair share, or the load over every duty. */
type DutiesShown = 'duty-manager' | 'all';

const DUTIES_SHOWN: { label: string; value: DutiesShown }[] = [
  { label: 'Duty Manager', value: 'duty-manager' },
  { label: 'All duties', value: 'all' },
];

export const FAIRNESS_EMPTY_TEXT = 'Nobody has duties to compare in this period yet';
export const LOAD_BALANCE_TOOLTIP = 'load-balance measure';

/** Done and planned: what a person's load in the period comes to. */
function load(row: FairnessRowDto): number {
  return row.done + row.planned;
}

/**
 * The bar against the target: their load as a share of their fair share, full at the target. Over
 * it, the bar is full and warns; its name says the numbers.
 */
function TargetBar({ row }: { row: FairnessRowDto }) {
  const total = load(row);
  const percent = row.share > 0 ? Math.min(100, (total / row.share) * 100) : total > 0 ? 100 : 0;
  const over = row.difference > 1;
  return (
    <Progress
      percent={Math.round(percent)}
      size="small"
      showInfo={false}
      status={over ? 'exception' : 'normal'}
      aria-label={`${row.name}: ${total} of a fair share of ${formatFigure(row.share)} duties`}
      style={{ minWidth: 80, margin: 0 }}
    />
  );
}

function columns(): TableProps<FairnessRowDto>['columns'] {
  return [
    {
      title: 'Name',
      dataIndex: 'name',
      render: (_: string, row) => (
        <Flex vertical>
          <Flex align="center" gap="small" wrap>
            <Typography.Text strong>{row.name}</Typography.Text>
            {!row.isActive && <Tag style={{ marginInlineEnd: 0 }}>Inactive</Tag>}
          </Flex>
          {row.department && <Typography.Text type="secondary">{row.department}</Typography.Text>}
        </Flex>
      ),
    },
    { title: 'Done', dataIndex: 'done', align: 'center' },
    { title: 'Planned', dataIndex: 'planned', align: 'center' },
    {
      // What the share is measured on: their school days after pattern, leave and term dates.
      title: 'Available days',
      dataIndex: 'availableDays',
      align: 'center',
      render: (days: number, row) => (row.isActive ? days : '—'),
    },
    {
      title: 'Fair share',
      dataIndex: 'share',
      align: 'center',
      render: (share: number) => formatFigure(share),
    },
    {
      title: 'Difference',
      dataIndex: 'difference',
      align: 'center',
      render: (difference: number) => (
        <span title={describeDifference(difference)}>{formatDifference(difference)}</span>
      ),
    },
    {
      title: 'Against target',
      key: 'target',
      render: (_: unknown, row) => <TargetBar row={row} />,
    },
  ];
}

function TeamFigures({ fairness }: { fairness: FairnessDto }) {
  const { summary } = fairness;
  return (
    <Row gutter={[16, 16]}>
      <Col xs={12} md={6}>
        <Figure title="Largest difference" value={formatMeasure(summary.largestDifference)} />
      </Col>
      <Col xs={12} md={6}>
        <Figure title="Max − min" value={formatMeasure(summary.spread)} />
      </Col>
      <Col xs={12} md={6}>
        <Figure
          title="√Σd²"
          value={formatMeasure(summary.rootSumOfSquares)}
          hint={
            <Tooltip title={LOAD_BALANCE_TOOLTIP} trigger={['hover', 'focus']}>
              {/* Focusable, so keyboard users can open the tooltip too. */}
              <QuestionCircleOutlined
                tabIndex={0}
                role="img"
                aria-label={`√Σd²: ${LOAD_BALANCE_TOOLTIP}`}
              />
            </Tooltip>
          }
        />
      </Col>
      <Col xs={12} md={6}>
        <Figure title="Average duties" value={formatMeasure(summary.averageDuties)} />
      </Col>
    </Row>
  );
}

/** What an export saves: the Duty Manager fairness table, or the load over every duty. */
const EXPORTS = {
  'duty-manager': {
    url: FAIRNESS_EXPORT_URL,
    name: 'fairness',
    failed: 'Failed to export the fairness table',
  },
  all: {
    url: DUTY_LOAD_EXPORT_URL,
    name: 'duty-load',
    failed: 'Failed to export the load over every duty',
  },
} as const;

/** Export CSV and Export XLSX: the table as the server writes it, saved as a file. */
function ExportButtons({
  period,
  academicYear,
  shown,
}: {
  period: FairnessPeriod;
  academicYear?: number;
  shown: DutiesShown;
}) {
  const table = EXPORTS[shown];
  const { downloading: exporting, download } = useFileDownload<ExportFormat>(table.failed);

  const exportAs = (format: ExportFormat) =>
    download(
      format,
      {
        url: table.url,
        params: academicYear === undefined ? { period, format } : { academicYear, period, format },
      },
      `${table.name}-${period}.${format}`,
    );

  return (
    <Space wrap>
      {(['csv', 'xlsx'] as const).map((format) => (
        <Button
          key={format}
          icon={<DownloadOutlined aria-hidden />}
          loading={exporting === format}
          disabled={exporting !== undefined && exporting !== format}
          onClick={() => void exportAs(format)}
        >
          {`Export ${format.toUpperCase()}`}
        </Button>
      ))}
    </Space>
  );
}

/** Staff see their own line against the team average (docs/product.md#statistics-and-the-dashboard). */
function OwnLine({ fairness }: { fairness: FairnessDto }) {
  const row = fairness.rows[0];
  if (!row) {
    return (
      <Typography.Paragraph type="secondary">
        You have no duties in this period. The team averages{' '}
        {formatFigure(fairness.summary.averageDuties)} duties per person.
      </Typography.Paragraph>
    );
  }
  return (
    <Flex vertical gap="middle">
      <Descriptions
        aria-label="Your duties"
        column={{ xs: 1, sm: 2, md: 3 }}
        size="small"
        bordered
        items={[
          { key: 'done', label: 'Done', children: row.done },
          { key: 'planned', label: 'Planned', children: row.planned },
          { key: 'share', label: 'Your fair share', children: formatFigure(row.share) },
          {
            key: 'difference',
            label: 'Difference',
            children: (
              <span title={describeDifference(row.difference)}>
                {formatDifference(row.difference)}
              </span>
            ),
          },
          {
            key: 'average',
            label: 'Team average',
            children: formatFigure(fairness.summary.averageDuties),
          },
          {
            key: 'basis',
            label: 'How your share is made',
            span: 'filled',
            children: row.shareExplanation,
          },
        ]}
      />
      <TargetBar row={row} />
    </Flex>
  );
}

/**
 * docs/product.md#statistics-and-the-dashboard: the Fairness view — each person's duties done and
 * planned over the year or a term against their fair share (their working days and FTE weigh it),
 * with the team's largest difference, spread and √Σd². Admins and managers see everyone and can
 * export the table; staff see their own line against the team.
 */
export function FairnessView() {
  const access = useAccess();
  // Until the role is known, nobody's line is shown: an admin's first row is not their own.
  const roleKnown = access.status === 'ready';
  const canSeeEveryone = roleKnown && access.can('rota.manage');
  const [period, setPeriod] = useState<FairnessPeriod>('year');
  const periodLabelId = useId();
  // The year to start on is the server's planning year: next year once this one's summer term has
  // ended (docs/product.md#time-and-the-academic-year). Without the list of years, the server's
  // default is the same year, so the figures still come.
  const years = useGetAcademicYearsQuery();
  const [chosenYear, setChosenYear] = useState<number>();
  const academicYear = chosenYear ?? years.data?.planning;
  const args = years.isError
    ? { period }
    : academicYear === undefined
      ? skipToken
      : { academicYear, period };
  // A school that runs more than the Duty Manager duty may see the load over every duty
  // (docs/product.md#duties); one that doesn't sees the Duty Manager's view, without the switch.
  const duties = useGetDutiesQuery();
  const manyDuties = (duties.data?.length ?? 0) > 1;
  const [chosenDuties, setChosenDuties] = useState<DutiesShown>('duty-manager');
  const shown: DutiesShown = manyDuties ? chosenDuties : 'duty-manager';
  const { currentData, isFetching, isError, error, refetch } = useGetFairnessQuery(
    shown === 'all' ? skipToken : args,
  );

  let body: ReactNode;
  if (isError && !currentData) {
    body = (
      <LoadError
        title="Failed to load the fairness figures"
        error={error}
        retrying={isFetching}
        onRetry={() => void refetch()}
      />
    );
  } else if (!currentData || !roleKnown) {
    body = (
      <div role="status" aria-label="Loading the fairness figures">
        <Skeleton active paragraph={{ rows: 6 }} />
      </div>
    );
  } else if (!canSeeEveryone) {
    body = <OwnLine fairness={currentData} />;
  } else {
    body = (
      <Flex vertical gap="middle">
        <TeamFigures fairness={currentData} />
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {currentData.summary.shareRule} Open a row to see how that person&apos;s share is made.
        </Typography.Paragraph>
        <Table<FairnessRowDto>
          aria-label="Fair share per person"
          rowKey="staffId"
          columns={columns()}
          expandable={{
            expandedRowRender: (row) => <Typography.Text>{row.shareExplanation}</Typography.Text>,
          }}
          dataSource={currentData.rows}
          pagination={false}
          locale={{ emptyText: FAIRNESS_EMPTY_TEXT }}
          scroll={{ x: 'max-content' }}
          size="middle"
        />
      </Flex>
    );
  }

  return (
    <Flex vertical gap="middle">
      {manyDuties && (
        <div>
          <Segmented<DutiesShown>
            aria-label="Duties shown"
            options={DUTIES_SHOWN}
            value={shown}
            onChange={setChosenDuties}
          />
        </div>
      )}
      <Flex justify="space-between" align="center" wrap gap="small">
        <Space wrap>
          {years.data && (
            <>
              <Typography.Text aria-hidden>Academic year</Typography.Text>
              <AcademicYearChoice
                years={years.data.years}
                value={academicYear}
                onChange={setChosenYear}
              />
            </>
          )}
          <Typography.Text id={periodLabelId}>Period</Typography.Text>
          <Radio.Group
            aria-labelledby={periodLabelId}
            optionType="button"
            // Wraps on a phone rather than pushing the page sideways.
            style={{ display: 'inline-flex', flexWrap: 'wrap' }}
            value={period}
            options={PERIODS.map(({ value, label }) => ({ value, label }))}
            onChange={(event) => setPeriod(event.target.value as FairnessPeriod)}
          />
        </Space>
        {canSeeEveryone && (
          <ExportButtons period={period} academicYear={academicYear} shown={shown} />
        )}
      </Flex>
      {shown === 'all' && <DutyLoadView args={args} />}
      {shown === 'duty-manager' && currentData && (
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {`${currentData.academicYear}: ${formatDate(currentData.startDate, SHORT_DATE_FORMAT)} to ${formatDate(currentData.endDate, SHORT_DATE_FORMAT)}. `}
          Each person&apos;s fair share follows their working days and contract; the difference is
          done and planned duties minus it.
        </Typography.Paragraph>
      )}
      {shown === 'duty-manager' && <div aria-busy={isFetching}>{body}</div>}
    </Flex>
  );
}
