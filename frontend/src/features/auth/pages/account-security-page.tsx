import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';

import { PageTitle } from '@/shared/ui/page-title';

import { AccountDetailsCard } from '../components/account-details-card';
import { ChangePasswordCard } from '../components/change-password-card';
import { PendingEmailChange } from '../components/pending-email-change';
import { TwoFactorCard } from '../components/two-factor-card';
import { useCurrentUser } from '../session/session';

const TITLE = 'Account';

/**
 * `/account`, linked as "Account" in the header: the signed-in person's own name, sign-in email
 * and password (docs/product.md#your-own-account) and how they sign in
 * (docs/product.md#two-step-verification). `children` are more cards after those, composed by
 * src/app from other features (the "Your data" card of data-rights).
 */
export function AccountSecurityPage({ children }: { children?: ReactNode }) {
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
        {current && <AccountDetailsCard current={current} />}
        {current && (
          <ChangePasswordCard
            hasPassword={current.user.hasPassword !== false}
            twoFactorEnabled={current.user.twoFactorEnabled === true}
          />
        )}
        <TwoFactorCard />
        {children}
      </Flex>
    </>
  );
}
