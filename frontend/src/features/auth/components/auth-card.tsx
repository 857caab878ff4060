import { Card, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';

import { PageTitle } from '@/shared/ui/page-title';

interface AuthCardProps {
  title: string;
  /** A sentence under the heading: what this screen is for. */
  intro?: ReactNode;
  children: ReactNode;
}

/** The frame of the account screens reached from email links: one card, centred. */
export function AuthCard({ title, intro, children }: AuthCardProps) {
  return (
    <Flex justify="center" style={{ padding: '24px 0' }}>
      <PageTitle title={title} />
      <Card style={{ width: '100%', maxWidth: 460 }}>
        <Typography.Title level={1} style={{ fontSize: 26, marginTop: 0 }}>
          {title}
        </Typography.Title>
        {intro && <Typography.Paragraph type="secondary">{intro}</Typography.Paragraph>}
        {children}
      </Card>
    </Flex>
  );
}
