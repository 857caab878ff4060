import { PushpinOutlined } from '@ant-design/icons';
import { Button, Flex, Popconfirm, Skeleton, Typography } from 'antd';
import { useState } from 'react';

import { useGetAcademicYearsQuery } from '@/features/holidays/api';
import { getServerMessage } from '@/shared/api/errors';
import { AcademicYearChoice } from '@/shared/ui/academic-year-choice';
import { LoadError } from '@/shared/ui/load-error';
import { SectionCard } from '@/shared/ui/section-card';
import { useToast } from '@/shared/ui/toast';

import { useUnpinAllMutation } from '../api';
import { clearPeriod } from '../lib/bulk-tools';
import { unpinnedMessage } from '../lib/pins';

const TITLE = 'Pinned Duties';
const UNPIN_ALL = 'Unpin all in the period';
/** Below the Rota Management card, in the same section of the Admin Panel. */
const SPACED = { marginTop: 16 };

/**
 * docs/product.md#pinned-duties, Rota Management: Unpin all in the period — every pinned duty of
 * the academic year chosen (this one or the next, from today on), after a browser confirmation,
 * then a toast "Unpinned 12 duties". Nobody moves and nobody is told.
 */
export function PinnedDutiesCard() {
  const years = useGetAcademicYearsQuery();
  const [chosenYear, setChosenYear] = useState<number>();
  const academicYear = chosenYear ?? years.data?.planning;
  const year = years.data?.years.find((y) => y.academicYear === academicYear);
  const today = years.data?.today;
  const [unpinAll, { isLoading }] = useUnpinAllMutation();
  const toast = useToast();

  if (years.isError) {
    return (
      <SectionCard title={TITLE} level={3} style={SPACED}>
        <LoadError
          title="Failed to load the academic years"
          error={years.error}
          retrying={years.isFetching}
          onRetry={() => void years.refetch()}
        />
      </SectionCard>
    );
  }
  if (!years.data || !year || !today) {
    return (
      <SectionCard title={TITLE} level={3} style={SPACED}>
        <div role="status" aria-label="Loading the academic years">
          <Skeleton active title={false} paragraph={{ rows: 2 }} />
        </div>
      </SectionCard>
    );
  }

  const period = clearPeriod(year, today);
  const from = today > year.startDate ? today : year.startDate;
  const run = async () => {
    if (isLoading) return;
    try {
      const result = await unpinAll({ unpinRotaDto: { from, to: year.endDate } }).unwrap();
      toast({ title: unpinnedMessage(result.unpinned) });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Unpin Failed',
        description: getServerMessage(error) ?? 'Failed to unpin the duties',
      });
    }
  };

  return (
    <SectionCard
      title={TITLE}
      level={3}
      style={SPACED}
      extra={
        <AcademicYearChoice
          years={years.data.years}
          value={academicYear}
          onChange={setChosenYear}
          label="Academic year of the pinned duties"
        />
      }
    >
      <Flex justify="space-between" align="center" wrap gap="small">
        <Typography.Text style={{ flex: '1 1 20rem' }}>
          {`Approved swaps, covers, changes made by hand and overrides are pinned: no bulk tool or repair moves them. Unpin every pinned duty ${period} to let them be planned again.`}
        </Typography.Text>
        <Popconfirm
          title={`Unpin every pinned duty ${period}?`}
          description="Bulk tools and repairs may then move them. Nobody moves now and nobody is told."
          okText="Unpin all"
          onConfirm={run}
        >
          <Button icon={<PushpinOutlined aria-hidden />} loading={isLoading}>
            {UNPIN_ALL}
          </Button>
        </Popconfirm>
      </Flex>
    </SectionCard>
  );
}
