import { LogoutOutlined } from '@ant-design/icons';
import { Button, Tag } from 'antd';
import { Activity, useMemo } from 'react';
import { Link, Outlet, useLocation } from 'react-router';

import { useCurrentUser, useLogout } from '@/features/auth/session/session';
import { OrganizationDeletionBanner } from '@/features/data-rights/routes';
import { NotificationBell } from '@/features/notifications/routes';
import { AccessContext, accessFor, roleLabel, type Access } from '@/shared/auth/access';
import { useAfterFirstCommit } from '@/shared/lib/after-first-commit';
import { Text } from '@/shared/ui/typography';

// Imported for its side effect: dayjs gets the en-GB locale (Monday week start) before any
// antd date component renders. Here rather than in the providers: only signed-in pages show
// dates, and signed-out visitors need not download dayjs.
import '@/shared/lib/dates';

import { pageAt } from '../routes/app-pages';
import { MainNav } from './main-nav';
import { PageFrame } from './page-frame';

/** The signed-in frame (docs/product.md#screens): who and where you are, help, sign-out, and the navigation. */
export function AppShell() {
  const current = useCurrentUser();
  const logout = useLogout();
  const known = current !== undefined;
  // The frame is revealed first and the page in the next commit, each with its effects: the auth
  // gate renders both ahead, hidden, while the session is checked, and revealed together they
  // were one task of 80-120 ms. Hidden, the page is still rendered ahead; its skeleton (where it
  // has one) stands in for the one commit between.
  const pageShown = useAfterFirstCommit();
  const { pathname } = useLocation();
  const role = current?.user.role;
  const access = useMemo<Access>(
    () => (known ? accessFor(role) : { status: 'loading' }),
    [known, role],
  );

  return (
    // Around the whole frame: the navigation bar lists pages by the same access as the pages.
    <AccessContext value={access}>
      <PageFrame
        header={
          // Who and where beside the title; the actions at the end. On a phone the actions share
          // the title's row and who and where take the next (global.css), so the header is two
          // short rows instead of four.
          <>
            <span className="app-shell__who">
              <Text className="app-shell__organization">
                {current?.organization.name ?? 'Loading...'}
              </Text>
              <Tag color="blue" title="Your role" className="app-shell__role">
                {roleLabel(current?.user.role)}
              </Tag>
            </span>
            <div className="app-shell__actions">
              <NotificationBell />
              <Link to="/account" className="app-shell__link">
                Account
              </Link>
              <Link to="/help" className="app-shell__link">
                Help
              </Link>
              <Button
                ghost
                icon={<LogoutOutlined aria-hidden />}
                aria-label="Logout"
                onClick={() => void logout()}
              >
                <span className="app-shell__logout-label">Logout</span>
              </Button>
            </div>
          </>
        }
        nav={<MainNav />}
      >
        {/* While the organisation waits to be deleted, every page says so (admins: Restore). */}
        {known && <OrganizationDeletionBanner />}
        {!pageShown && pageAt(pathname)?.skeleton}
        <Activity mode={pageShown ? 'visible' : 'hidden'}>
          <Outlet />
        </Activity>
      </PageFrame>
    </AccessContext>
  );
}
