import { Alert, Button } from 'antd';
import { useState } from 'react';

import { useGetCurrentUserQuery } from '@/features/auth/api';
import { useCan } from '@/shared/auth/access';

import { useGetOrganizationDeletionQuery } from '../api';
import { deletionDate } from './deletion-date';
import { RestoreOrganizationModal } from './restore-organization-modal';

/**
 * On every signed-in page while the organisation waits to be deleted: when, and that nothing can
 * be changed; admins get "Restore" (re-authenticated). Nothing at all otherwise.
 */
export function OrganizationDeletionBanner() {
  const deletion = useGetOrganizationDeletionQuery().data;
  const organizationName = useGetCurrentUserQuery().data?.organization.name ?? 'This organisation';
  const admin = useCan('settings.manage');
  const [restoring, setRestoring] = useState(false);
  if (!deletion?.pending) return null;
  return (
    <>
      <Alert
        type="error"
        showIcon
        banner
        role="alert"
        style={{ marginBottom: 16 }}
        title={`This organisation will be deleted on ${deletionDate(deletion.dueDate)}.`}
        description={
          admin
            ? 'Until then nothing can be changed. Restore it to keep it.'
            : 'Until then nothing can be changed. An admin can restore it.'
        }
        action={
          admin ? (
            <Button size="small" onClick={() => setRestoring(true)}>
              Restore
            </Button>
          ) : undefined
        }
      />
      {admin && (
        <RestoreOrganizationModal
          open={restoring}
          organizationName={organizationName}
          onClose={() => setRestoring(false)}
        />
      )}
    </>
  );
}
