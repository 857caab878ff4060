import { Card } from 'antd';

import { GetStartedTabs, type GetStartedTab } from '@/features/auth/components/get-started-tabs';
import { useSignInHost } from '@/features/auth/session/host';
import { Title } from '@/shared/ui/typography';

interface GetStartedCardProps {
  activeTab: GetStartedTab;
  onTabChange: (tab: GetStartedTab) => void;
}

/** The landing page's "Get started" card: sign up or sign in. */
export function GetStartedCard({ activeTab, onTabChange }: GetStartedCardProps) {
  // A school's own address only signs its people in (docs/product.md#accounts-and-sign-in).
  const atSchool = useSignInHost().kind === 'organization';
  return (
    <Card>
      <Title id="get-started-title" level={2} style={{ marginTop: 0 }}>
        {atSchool ? 'Sign in' : 'Get started'}
      </Title>
      <GetStartedTabs activeTab={activeTab} onTabChange={onTabChange} />
    </Card>
  );
}
