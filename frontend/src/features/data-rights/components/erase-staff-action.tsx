import { Alert, Button, Form, Modal, Skeleton, Typography } from 'antd';
import { useState } from 'react';

import { getServerMessage } from '@/shared/api/errors';
import {
  reauthenticationOf,
  type ReauthenticationValues,
} from '@/shared/ui/reauthentication-fields';
import { useToast } from '@/shared/ui/toast';

import { useEraseStaffMutation, useGetErasureQuery, type ErasureConsequencesDto } from '../api';
import { ConfirmItsYouFields } from './confirm-its-you-fields';

interface EraseStaffActionProps {
  staffId: string;
  name: string;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The consequences, as the admin reads them before confirming. */
function consequenceLines(c: ErasureConsequencesDto): string[] {
  return [
    c.isActive
      ? `${c.name} is still active: they are deactivated first${c.futureDutiesGivenUp ? `, giving up ${plural(c.futureDutiesGivenUp, 'duty', 'duties')} from today on (refilled as usual)` : ''}.`
      : null,
    `Their name and email become "${c.pseudonym}" everywhere: the staff list, the rota, the activity log, notifications and emails.`,
    `Kept under the pseudonym, for history and fairness: ${plural(c.dutiesKept, 'duty', 'duties')}, ${plural(c.requestsKept, 'request')} and ${plural(c.unavailabilityKept, 'unavailability entry', 'unavailability entries')} (their reasons cleared).`,
    `Deleted: ${plural(c.notificationsDeleted, 'notification')}${c.hasAccount ? ', their password, two-step verification, sign-in links, sessions and calendar link: they can never sign in again' : ''}.`,
    `${plural(c.emailsScrubbed, 'email')} sent to them keep only a delivery record.`,
  ].filter((line): line is string => line !== null);
}

/**
 * docs/security.md#retention-and-erasure: a Staff Management row's "Erase personal data…", for
 * admins. The dialog shows what erasing deletes, keeps and scrubs, asks the admin to confirm it's
 * them, and erases at once. It cannot be undone.
 */
export function EraseStaffAction({ staffId, name }: EraseStaffActionProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size="small"
        danger
        aria-label={`Erase personal data of ${name}`}
        onClick={() => setOpen(true)}
      >
        Erase personal data…
      </Button>
      {open && <EraseStaffDialog staffId={staffId} name={name} onClose={() => setOpen(false)} />}
    </>
  );
}

function EraseStaffDialog({
  staffId,
  name,
  onClose,
}: EraseStaffActionProps & { onClose: () => void }) {
  const { data, isLoading, isError, error, refetch } = useGetErasureQuery({ id: staffId });
  const [erase, { isLoading: erasing }] = useEraseStaffMutation();
  const [form] = Form.useForm<ReauthenticationValues>();
  const [failure, setFailure] = useState<string | null>(null);
  const toast = useToast();

  const submit = async (values: ReauthenticationValues) => {
    setFailure(null);
    try {
      const result = await erase({
        id: staffId,
        eraseStaffDto: reauthenticationOf(values),
      }).unwrap();
      toast({ title: 'Personal data erased', description: result.message });
      onClose();
    } catch (eraseError) {
      setFailure(
        getServerMessage(eraseError) ?? 'Failed to erase the personal data. Please try again.',
      );
    }
  };

  const ready = data && !data.alreadyErased;
  return (
    <Modal
      open
      title={`Erase the personal data of ${name}?`}
      onCancel={onClose}
      okText="Erase personal data"
      okButtonProps={{
        danger: true,
        loading: erasing,
        disabled: !ready,
        htmlType: 'submit',
        form: `erase-${staffId}`,
      }}
      cancelText="Cancel"
      destroyOnHidden
    >
      {isLoading && (
        <Skeleton active paragraph={{ rows: 4 }} aria-label="Loading what erasing would do…" />
      )}
      {isError && (
        <Alert
          type="error"
          showIcon
          title="Failed to load what erasing would do"
          description={getServerMessage(error) ?? 'Please try again.'}
          action={<Button onClick={() => void refetch()}>Try again</Button>}
        />
      )}
      {data?.alreadyErased && (
        <Alert type="info" showIcon title="This person's personal data has already been erased." />
      )}
      {ready && (
        <>
          <Typography.Paragraph>This cannot be undone.</Typography.Paragraph>
          <ul>
            {consequenceLines(data).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <Form
            form={form}
            id={`erase-${staffId}`}
            layout="vertical"
            onFinish={(values) => void submit(values)}
            disabled={erasing}
          >
            <ConfirmItsYouFields help="Erasing someone's personal data asks you to confirm it's you." />
          </Form>
          {failure && <Alert type="error" showIcon title={failure} role="alert" />}
        </>
      )}
    </Modal>
  );
}
