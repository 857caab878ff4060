import { HistoryOutlined } from '@ant-design/icons';
import { Flex, Typography } from 'antd';
import type { ComponentType } from 'react';
import { Link } from 'react-router';

import { RotaManagementCard } from '@/features/rota/routes';
import {
  AutoApprovalSettingsCard,
  DutyManagerSettingsCard,
  EmailReminderSettingsCard,
  EmailSystemTestingCard,
  EmailTemplateEditorCard,
  InstructionsManagerCard,
  RotaRulesCard,
  SignInSettingsCard,
} from '@/features/settings/routes';
import { StaffManagement } from '@/features/staff/routes';
import { useAccess, type AdminPanelPermission } from '@/shared/auth/access';
import { AccessGuard } from '@/shared/ui/access-guard';
import { PageTitle } from '@/shared/ui/page-title';
import { useScrollToHash } from '@/shared/ui/scroll-to-hash';

const TITLE = 'Admin Panel';

interface AdminPanelSection {
  /** The server permission whoever sees the section holds. */
  permission: AdminPanelPermission;
  Section: ComponentType;
  /** The section's address on the panel, `/staff#<anchor>`, for links from elsewhere (the first-run checklist). */
  anchor?: string;
}

/**
 * The panel's sections in their fixed order (docs/product.md#screens), each with the permission
 * it needs. Whoever holds any of them may open the panel (`admin.panel`, which lists the same
 * permissions; admin-panel-page.test.tsx checks that the two agree).
 */
export const ADMIN_PANEL_SECTIONS: readonly AdminPanelSection[] = [
  { permission: 'settings.manage', Section: DutyManagerSettingsCard },
  { permission: 'settings.manage', Section: RotaRulesCard, anchor: 'rota-rules' },
  { permission: 'settings.manage', Section: EmailReminderSettingsCard },
  { permission: 'settings.manage', Section: EmailTemplateEditorCard },
  { permission: 'settings.manage', Section: EmailSystemTestingCard },
  { permission: 'settings.manage', Section: InstructionsManagerCard },
  { permission: 'settings.manage', Section: AutoApprovalSettingsCard },
  { permission: 'settings.manage', Section: SignInSettingsCard, anchor: 'sign-in' },
  { permission: 'rota.manage', Section: RotaManagementCard, anchor: 'rota-management' },
  { permission: 'staff.manage', Section: StaffManagement, anchor: 'staff-management' },
];

/** The Admin Panel's content for someone who may open it: the sections their role allows. */
function AdminPanel() {
  useScrollToHash();
  const access = useAccess();
  const can = access.status === 'ready' ? access.can : () => false;
  return (
    <>
      <PageTitle title={TITLE} />
      <Flex justify="space-between" align="baseline" wrap gap="small">
        <Typography.Title level={1} style={{ marginTop: 0 }}>
          {TITLE}
        </Typography.Title>
        {can('audit.view') && (
          <Link to="/activity">
            <HistoryOutlined aria-hidden /> Activity log
          </Link>
        )}
      </Flex>
      <Flex vertical gap="large">
        {ADMIN_PANEL_SECTIONS.map(({ permission, Section, anchor }, index) =>
          !can(permission) ? null : anchor ? (
            <div key={index} id={anchor} tabIndex={-1} className="hash-target">
              <Section />
            </div>
          ) : (
            <Section key={index} />
          ),
        )}
      </Flex>
    </>
  );
}

/**
 * The Admin Panel at /staff (docs/product.md#roles-and-permissions): each section for whoever
 * holds its permission, the Access Denied card for someone who holds none of them. It lives in
 * src/app because it composes sections owned by different features.
 */
export function AdminPanelPage() {
  return (
    <AccessGuard permission="admin.panel" title={TITLE}>
      <AdminPanel />
    </AccessGuard>
  );
}
