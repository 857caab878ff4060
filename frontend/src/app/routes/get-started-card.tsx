import { Card } from 'antd';

import { GetStartedTabs, type GetStartedTab } from '@/features/auth/components/get-started-tabs';
import { useSignInHost } from '@/features/auth/session/host';
import { useAfterFirstCommit } from '@/shared/lib/after-first-commit';
import { Title } from '@/shared/ui/typography';

interface GetStartedCardProps {
  activeTab: GetStartedTab;
  onTabChange: (tab: GetStartedTab) => void;
}

/** The landing page's "Get started" card: sign up or sign in. */
export function GetStartedCard({ activeTab, onTabChange }: GetStartedCardProps) {
  // A school's own address only signs its people in (docs/product.md#accounts-and-sign-in).
  const atSchool = useSignInHost().kind === 'organization';
  // The card and its tabs first, the form in a second commit: together they were one task of
  // 150-200 ms on a phone-speed CPU. Until the form is there, the card keeps the placeholder's
  // height, so the hero beside it and the sections below do not move.
  const formShown = useAfterFirstCommit();
  return (
    <div className={formShown ? undefined : 'landing__forms-placeholder'}>
      <Card>
        <Title id="get-started-title" level={2} style={{ marginTop: 0 }}>
          {atSchool ? 'Sign in' : 'Get started'}
        </Title>
        <GetStartedTabs activeTab={activeTab} onTabChange={onTabChange} formShown={formShown} />
      </Card>
    </div>
  );
}
