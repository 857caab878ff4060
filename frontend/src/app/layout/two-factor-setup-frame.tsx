import { LogoutOutlined } from '@ant-design/icons';
import { Button, Flex, Typography } from 'antd';

import { TwoFactorSetupRequiredPage } from '@/features/auth/routes';
import { useCurrentUser, useLogout } from '@/features/auth/session/session';

import { PageFrame } from './page-frame';

/**
 * The whole app, at every address, for an admin whose organisation requires two-step
 * verification and who hasn't turned it on (docs/product.md#two-step-verification): its setup
 * and Logout, nothing that would ask the server for what it now refuses.
 */
export function TwoFactorSetupFrame() {
  const current = useCurrentUser();
  const logout = useLogout();
  return (
    <PageFrame
      header={
        <>
          <Typography.Text className="app-shell__organization">
            {current?.organization.name ?? 'Loading...'}
          </Typography.Text>
          <Flex align="center" gap="middle" wrap className="app-shell__actions">
            <Button ghost icon={<LogoutOutlined aria-hidden />} onClick={() => void logout()}>
              Logout
            </Button>
          </Flex>
        </>
      }
    >
      <TwoFactorSetupRequiredPage />
    </PageFrame>
  );
}
