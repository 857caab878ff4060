import { Card, Empty, Typography } from 'antd';

import { PageTitle } from '@/shared/ui/page-title';

/** Stands in for a page that a later release builds, so every navigation target answers. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <>
      <PageTitle title={title} />
      <Typography.Title level={1} style={{ marginTop: 0 }}>
        {title}
      </Typography.Title>
      <Card>
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description="This page is coming in a later release."
        />
      </Card>
    </>
  );
}
