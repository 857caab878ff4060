import { Alert, Button, Card, Flex, Tabs, Typography } from 'antd';
import { useSearchParams } from 'react-router';

import { getServerMessage } from '@/shared/api/errors';
import { formatDate, MONTH_FORMAT } from '@/shared/lib/dates';
import { formatDecimal } from '@/shared/lib/number-format';
import { PageTitle } from '@/shared/ui/page-title';

import { useGetDutyStatisticsQuery } from '../api';
import { MINUS } from '../components/fairness';
import { FairnessView } from '../components/fairness-view';
import { StatisticCards } from '../components/statistic-cards';
import { StatisticsTable } from '../components/statistics-table';

const TITLE = 'Statistics';

/** "September 2025 to July 2026": the statistics period, 1 September to 31 July. */
export function periodText(startDate: string, endDate: string): string {
  return `${formatDate(startDate, MONTH_FORMAT)} to ${formatDate(endDate, MONTH_FORMAT)}`;
}

/** `?view=fairness` opens the Fairness tab, so it can be linked to. */
const VIEW_PARAM = 'view';
const FAIRNESS_VIEW = 'fairness';
const DUTIES_VIEW = 'duties';

/**
 * docs/product.md#statistics-and-the-dashboard: duty statistics for the academic year (its statistics period, 1 September to
 * 31 July, from the server's today): four figures and each person's duties per weekday. The
 * "vs average" column shows how fairly the load is spread.
 */
export function StatisticsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const view = searchParams.get(VIEW_PARAM) === FAIRNESS_VIEW ? FAIRNESS_VIEW : DUTIES_VIEW;
  const { data, isLoading, isFetching, isError, error, refetch } = useGetDutyStatisticsQuery();
  const loading = isLoading || (!data && !isError);
  const dutyStatistics =
    isError && !data ? (
      <Alert
        type="error"
        showIcon
        title="Failed to load duty statistics"
        description={getServerMessage(error) ?? 'Please try again.'}
        action={
          <Button loading={isFetching} onClick={() => void refetch()}>
            Retry
          </Button>
        }
        style={{ marginTop: 8 }}
      />
    ) : (
      <Flex vertical gap="large" style={{ marginTop: 8 }}>
        <StatisticCards statistics={data} loading={loading} />
        <Card>
          {data && data.staff.length > 0 && (
            <Typography.Paragraph type="secondary">
              Team average: {formatDecimal(data.averagePerStaff)} duties per person. The “vs
              average” column shows how many more (+) or fewer ({MINUS}) duties each person has.
            </Typography.Paragraph>
          )}
          <StatisticsTable staff={data?.staff} average={data?.averagePerStaff} loading={loading} />
        </Card>
      </Flex>
    );

  return (
    <>
      <PageTitle title={TITLE} />
      <Typography.Title level={1} style={{ marginTop: 0, marginBottom: 4 }}>
        {TITLE}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 4 }}>
        {data
          ? `Academic year ${data.academicYear} duty statistics and workload distribution`
          : 'Duty statistics and workload distribution'}
      </Typography.Paragraph>
      {data && (
        <Typography.Paragraph type="secondary">
          Period: <span>{periodText(data.startDate, data.endDate)}</span>
        </Typography.Paragraph>
      )}
      <Tabs
        activeKey={view}
        onChange={(key) =>
          setSearchParams(key === FAIRNESS_VIEW ? { [VIEW_PARAM]: FAIRNESS_VIEW } : {}, {
            replace: true,
          })
        }
        items={[
          {
            key: DUTIES_VIEW,
            label: 'Duty statistics',
            children: dutyStatistics,
          },
          // Mounted only once chosen, so its figures are read only then.
          { key: FAIRNESS_VIEW, label: 'Fairness', children: <FairnessView /> },
        ]}
      />
    </>
  );
}
