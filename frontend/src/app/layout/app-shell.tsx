import { LogoutOutlined } from '@ant-design/icons';
import { Button, Flex, Tag, Typography } from 'antd';
import { Link, Outlet } from 'react-router';

import { roleLabel } from '@/features/auth/lib/roles';
import { useCurrentUser, useLogout } from '@/features/auth/session/session';

import { MainNav } from './main-nav';
import { PageFrame } from './page-frame';

/** The signed-in frame (spec §2): who and where you are, help, sign-out, and the navigation. */
export function AppShell() {
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
            <Link to="/help" className="app-shell__link">
              Help
            </Link>
            <Tag color="blue" title="Your role" className="app-shell__role">
              {roleLabel(current?.user.role)}
            </Tag>
            <Button ghost icon={<LogoutOutlined aria-hidden />} onClick={() => logout()}>
              Logout
            </Button>
          </Flex>
        </>
      }
      nav={<MainNav />}
    >
      <Outlet />
    </PageFrame>
  );
}
