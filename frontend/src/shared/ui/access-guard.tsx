import { Card, Flex, Spin } from 'antd';
import type { ReactNode } from 'react';

import { useAccess, type Permission } from '@/shared/auth/access';
import { Paragraph, Text } from '@/shared/ui/typography';

import { PageTitle } from './page-title';
import { CARD_HEADING_STYLE } from './section-card';

/** docs/product.md#roles-and-permissions: what someone without the rights for a screen sees instead of it. */
export function AccessDenied() {
  return (
    <Card
      role="region"
      aria-labelledby="access-denied-title"
      title={
        <h1 id="access-denied-title" style={CARD_HEADING_STYLE}>
          Access Denied
        </h1>
      }
      style={{ maxWidth: 560 }}
    >
      <Paragraph>You don&apos;t have administrator permissions to access this section.</Paragraph>
      <Paragraph type="secondary" style={{ marginBottom: 0 }}>
        Contact your system administrator if you need access to these features.
      </Paragraph>
    </Card>
  );
}

interface AccessGuardProps {
  permission: Permission;
  /** The guarded page's title, kept in the browser tab whatever is shown. */
  title: string;
  children: ReactNode;
}

/**
 * Shows `children` only to users holding `permission` (docs/product.md#roles-and-permissions, Admin Panel): "Checking
 * permissions..." while the user is unknown, the Access Denied card to everyone else.
 */
export function AccessGuard({ permission, title, children }: AccessGuardProps) {
  const access = useAccess();

  if (access.status === 'loading') {
    return (
      <>
        <PageTitle title={title} />
        <Flex role="status" align="center" gap="small" style={{ padding: 24 }}>
          <Spin size="small" />
          <Text>Checking permissions...</Text>
        </Flex>
      </>
    );
  }
  if (!access.can(permission)) {
    return (
      <>
        <PageTitle title={title} />
        <AccessDenied />
      </>
    );
  }
  return children;
}
