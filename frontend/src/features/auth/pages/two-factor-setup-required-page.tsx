import { Alert, Flex, Typography } from 'antd';

import { PageTitle } from '@/shared/ui/page-title';

import { TwoFactorCard } from '../components/two-factor-card';
import { useCurrentUser } from '../session/session';

const TITLE = 'Turn on two-step verification';

/**
 * What an admin sees, whatever the address, while their organisation requires two-step
 * verification for admins and they haven't turned it on (docs/product.md#two-step-verification):
 * the server answers nothing else until they have. Saving the recovery codes opens the app.
 */
export function TwoFactorSetupRequiredPage() {
  const current = useCurrentUser();
  return (
    <Flex vertical gap="large" style={{ maxWidth: 720 }}>
      <PageTitle title={TITLE} />
      <Typography.Title level={1} style={{ margin: 0 }}>
        {TITLE}
      </Typography.Title>
      <Alert
        type="info"
        showIcon
        title={`${current?.organization.name ?? 'Your organisation'} requires two-step verification for admins.`}
        description="Turn it on to continue: after your password, signing in will also ask for a code from an authenticator app on your phone."
      />
      <TwoFactorCard />
    </Flex>
  );
}
