import { Flex, Skeleton } from 'antd';

import { Title } from '@/shared/ui/typography';

/**
 * The Dashboard's shape while its code is on its way: its heading, the summary strip and the
 * month, so the page fills in where it will stand instead of a full-page spinner flashing first.
 * Kept small and out of the lazy page: it is in the first download.
 */
export function DashboardSkeleton() {
  return (
    <>
      {/* Where the page's heading will be; hidden from assistive technology, which hears the
          status instead, and from anything looking for the Dashboard's heading. */}
      <div aria-hidden>
        <Title level={1} style={{ marginTop: 0 }} className="no-print">
          Dashboard
        </Title>
      </div>
      <DashboardSectionsSkeleton />
    </>
  );
}

/**
 * The summary strip's and the month's shape: under the heading above while the page's code is on
 * its way, and under the page's first sections while the rest of it renders.
 */
export function DashboardSectionsSkeleton() {
  return (
    <Flex vertical gap="large" role="status" aria-label="Loading the dashboard">
      <Flex gap="middle" wrap>
        {[1, 2, 3, 4].map((card) => (
          <div key={card} style={{ flex: '1 1 200px' }}>
            <Skeleton active title={false} paragraph={{ rows: 2 }} />
          </div>
        ))}
      </Flex>
      <Skeleton active paragraph={{ rows: 8 }} />
    </Flex>
  );
}
