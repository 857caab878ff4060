import { Alert, Button, Card, Flex, Typography } from 'antd';

import { getServerMessage } from '@/shared/api/errors';
import { formatDate, MONTH_FORMAT } from '@/shared/lib/dates';
import { PageTitle } from '@/shared/ui/page-title';

import { useGetDutyStatisticsQuery } from '../api';
import { MINUS } from '../components/fairness';
import { StatisticCards } from '../components/statistic-cards';
import { StatisticsTable } from '../components/statistics-table';

const TITLE = 'Statistics';

/** "September 2025 to July 2026": the statistics period, 1 September to 31 July. */
export function periodText(startDate: string, endDate: string): string {
  return `${formatDate(startDate, MONTH_FORMAT)} to ${formatDate(endDate, MONTH_FORMAT)}`;
}

const ONE_DECIMAL = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1 });

/**
 * docs/product.md#statistics-and-the-dashboard: duty statistics for the academic year (its statistics period, 1 September to
 * 31 July, from the server's today): four figures and each person's duties per weekday. The
 * "vs average" column shows how fairly the load is spread.
 */
export function StatisticsPage() {
  const { data, isLoading, isFetching, isError, error, refetch } = useGetDutyStatisticsQuery();
  const loading = isLoading || (!data && !isError);

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
      {isError && !data ? (
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
          style={{ marginTop: 16 }}
        />
      ) : (
        <Flex vertical gap="large" style={{ marginTop: 16 }}>
          <StatisticCards statistics={data} loading={loading} />
          <Card>
            {data && data.staff.length > 0 && (
              <Typography.Paragraph type="secondary">
                Team average: {ONE_DECIMAL.format(data.averagePerStaff)} duties per person. The “vs
                average” column shows how many more (+) or fewer ({MINUS}) duties each person has.
              </Typography.Paragraph>
            )}
            <StatisticsTable
              staff={data?.staff}
              average={data?.averagePerStaff}
              loading={loading}
            />
          </Card>
        </Flex>
      )}
    </>
  );
}
