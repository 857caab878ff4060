import { Flex, Typography } from 'antd';

import { PageTitle } from '@/shared/ui/page-title';

import { PendingEmailChange } from '../components/pending-email-change';
import { TwoFactorCard } from '../components/two-factor-card';
import { useCurrentUser } from '../session/session';

const TITLE = 'Account security';

/** `/account`: how the signed-in person signs in (docs/product.md#two-step-verification). */
export function AccountSecurityPage() {
  const current = useCurrentUser();
  return (
    <>
      <PageTitle title={TITLE} />
      <Typography.Title level={1} style={{ marginTop: 0 }}>
        {TITLE}
      </Typography.Title>
      {current && (
        <Typography.Paragraph type="secondary">
          Signed in as {current.user.name} ({current.user.email}) at {current.organization.name}.
        </Typography.Paragraph>
      )}
      <Flex vertical gap="large" style={{ maxWidth: 720 }}>
        {current?.user.pendingEmailChange && (
          <PendingEmailChange pending={current.user.pendingEmailChange} />
        )}
        <TwoFactorCard />
      </Flex>
    </>
  );
}
