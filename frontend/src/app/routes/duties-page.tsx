import { Flex } from 'antd';
import { lazy } from 'react';

import { DutiesPage } from '@/features/duties/routes';
import { useCan } from '@/shared/auth/access';
import { AccessGuard } from '@/shared/ui/access-guard';

// Below the duties' sections, at its turn (the page's RevealInTurn), with its table and dialog
// loaded apart.
const StaffGroupsCard = lazy(async () => ({
  default: (await import('@/features/staff/routes')).StaffGroupsCard,
}));

/**
 * The Duties page at /duties (docs/product.md#duties): the duties feature's page and, for admins
 * (`staff.groups`), the staff groups a duty may name. Composed here because a feature never
 * imports another's components. Admins and managers open it (`duties.manage`); anyone else gets
 * the Access Denied card.
 */
function DutiesWithGroups() {
  const canGroup = useCan('staff.groups');
  return (
    <Flex vertical gap="large">
      <DutiesPage below={canGroup && <StaffGroupsCard />} />
    </Flex>
  );
}

export function DutiesWithGroupsPage() {
  return (
    <AccessGuard permission="duties.manage" title="Duties">
      <DutiesWithGroups />
    </AccessGuard>
  );
}
