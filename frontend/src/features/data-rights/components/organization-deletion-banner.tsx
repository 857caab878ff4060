import { Alert, Button } from 'antd';
import { Suspense, useEffect, useState } from 'react';

import { useGetCurrentUserQuery } from '@/features/auth/api';
import { useCan } from '@/shared/auth/access';
import { useOpenedOnce } from '@/shared/lib/opened-once';
import { preloadable } from '@/shared/lib/preloadable';

import { useGetOrganizationDeletionQuery } from '../api';
import { deletionDate } from './deletion-date';

// The dialog's code (a form, the password and second-factor fields) is loaded only where the
// banner shows to an admin, not with every signed-in page's first load: the banner is part of the
// app's frame, and the dialog's modules were about a fifth of the frame's JavaScript.
const { Component: RestoreOrganizationModal, preload: loadRestoreModal } = preloadable(
  async () => (await import('./restore-organization-modal')).RestoreOrganizationModal,
);

/**
 * On every signed-in page while the organisation waits to be deleted: when, and that nothing can
 * be changed; admins get "Restore" (re-authenticated). Nothing at all otherwise.
 */
export function OrganizationDeletionBanner() {
  const deletion = useGetOrganizationDeletionQuery().data;
  const organizationName = useGetCurrentUserQuery().data?.organization.name ?? 'This organisation';
  const admin = useCan('settings.manage');
  const [restoring, setRestoring] = useState(false);
  // Mounted from its first opening on, so that it closes with antd's animation.
  const opened = useOpenedOnce(restoring);
  const offered = admin && deletion?.pending === true;
  useEffect(() => {
    // Loaded ahead, so that Restore opens the dialog at once.
    if (offered) void loadRestoreModal();
  }, [offered]);
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
      {admin && opened && (
        <Suspense>
          <RestoreOrganizationModal
            open={restoring}
            organizationName={organizationName}
            onClose={() => setRestoring(false)}
          />
        </Suspense>
      )}
    </>
  );
}
