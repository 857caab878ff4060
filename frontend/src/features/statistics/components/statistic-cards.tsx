import { Card, Col, Row, Statistic } from 'antd';
import { useId } from 'react';

import type { DutyStatisticsDto } from '../api';

interface FigureCardProps {
  title: string;
  value: number | undefined;
  loading: boolean;
}

/** One figure, as a group named by its title so it can be found by name. */
function FigureCard({ title, value, loading }: FigureCardProps) {
  const titleId = useId();
  return (
    <Card role="group" aria-labelledby={titleId} style={{ height: '100%' }}>
      <Statistic title={<span id={titleId}>{title}</span>} value={value ?? 0} loading={loading} />
    </Card>
  );
}

interface StatisticCardsProps {
  statistics: DutyStatisticsDto | undefined;
  loading: boolean;
}

/** docs/product.md#statistics-and-the-dashboard: the four figures above the statistics table. */
export function StatisticCards({ statistics, loading }: StatisticCardsProps) {
  const figures = [
    { title: 'Total Duties', value: statistics?.totalDuties },
    // docs/product.md#statistics-and-the-dashboard: "Average per Staff (rounded)"; the table's fairness column uses the exact value.
    {
      title: 'Average per Staff',
      value: statistics ? Math.round(statistics.averagePerStaff) : undefined,
    },
    { title: 'Highest Number of Duties', value: statistics?.highest },
    { title: 'Lowest Number of Duties', value: statistics?.lowest },
  ];
  return (
    <Row gutter={[16, 16]}>
      {figures.map((figure) => (
        <Col key={figure.title} xs={24} sm={12} xl={6}>
          <FigureCard {...figure} loading={loading} />
        </Col>
      ))}
    </Row>
  );
}
