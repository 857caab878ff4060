import { HistoryOutlined } from '@ant-design/icons';
import { Flex, Typography } from 'antd';
import { Link } from 'react-router';

import { RotaManagementCard } from '@/features/rota/routes';
import {
  AutoApprovalSettingsCard,
  DutyManagerSettingsCard,
  EmailReminderSettingsCard,
  EmailSystemTestingCard,
  EmailTemplateEditorCard,
  InstructionsManagerCard,
} from '@/features/settings/routes';
import { StaffManagement } from '@/features/staff/routes';
import { AccessGuard } from '@/shared/ui/access-guard';
import { PageTitle } from '@/shared/ui/page-title';

const TITLE = 'Admin Panel';

/**
 * The Admin Panel at /staff (docs/product.md#roles-and-permissions), for admins only. It lives in src/app because it composes
 * sections owned by different features.
 */
export function AdminPanelPage() {
  return (
    <AccessGuard permission="admin.panel" title={TITLE}>
      <PageTitle title={TITLE} />
      <Flex justify="space-between" align="baseline" wrap gap="small">
        <Typography.Title level={1} style={{ marginTop: 0 }}>
          {TITLE}
        </Typography.Title>
        <Link to="/activity">
          <HistoryOutlined aria-hidden /> Activity log
        </Link>
      </Flex>
      <Flex vertical gap="large">
        <DutyManagerSettingsCard />
        <EmailReminderSettingsCard />
        <EmailTemplateEditorCard />
        <EmailSystemTestingCard />
        <InstructionsManagerCard />
        <AutoApprovalSettingsCard />
        <RotaManagementCard />
        <StaffManagement />
      </Flex>
    </AccessGuard>
  );
}
