import { Card } from 'antd';

import { GetStartedTabs, type GetStartedTab } from '@/features/auth/components/get-started-tabs';
import { Title } from '@/shared/ui/typography';

interface GetStartedCardProps {
  activeTab: GetStartedTab;
  onTabChange: (tab: GetStartedTab) => void;
}

/** The landing page's "Get started" card: sign up or sign in. */
export function GetStartedCard({ activeTab, onTabChange }: GetStartedCardProps) {
  return (
    <Card>
      <Title id="get-started-title" level={2} style={{ marginTop: 0 }}>
        Get started
      </Title>
      <GetStartedTabs activeTab={activeTab} onTabChange={onTabChange} />
    </Card>
  );
}
