import { Alert, Button, Flex, Modal, Spin } from 'antd';

import { useGetCurrentUserQuery } from '@/features/auth/api';
import { useGetDutiesQuery } from '@/features/duties/api';
import { useGetStaffQuery } from '@/features/staff/api';
import { useAuthToken } from '@/shared/auth/auth-token';
import { LoadError } from '@/shared/ui/load-error';

import { useOwnStaffRecord } from '../lib/own-staff';
import { dutyText } from '../lib/request-format';
import { RequestCancelForm } from './request-cancel-form';

const DIALOG_TITLE = 'Request Cancel';

/** The duty and day a cancel request is asked for (My Rota's "Ask to cancel"). */
export interface CancelRequestStart {
  dutyId?: string;
  /** `yyyy-MM-dd`. */
  date?: string;
}

interface CancelRequestDialogProps {
  open: boolean;
  onClose: () => void;
  start: CancelRequestStart | undefined;
}

/**
 * docs/product.md#duties: the cancel form for one of the signed-in person's own duties and days,
 * opened from My Rota's "Ask to cancel" on a duty other than the Duty Manager duty; it sends
 * `dutyId` and names the duty ("Break — Playground · 10:40–11:00").
 */
export function CancelRequestDialog({ open, onClose, start }: CancelRequestDialogProps) {
  return (
    <Modal open={open} title={DIALOG_TITLE} onCancel={onClose} destroyOnHidden footer={null}>
      <CancelRequestDialogBody start={start} onDone={onClose} />
    </Modal>
  );
}

function CancelRequestDialogBody({
  start,
  onDone,
}: {
  start: CancelRequestStart | undefined;
  onDone: () => void;
}) {
  const token = useAuthToken();
  const userQuery = useGetCurrentUserQuery(undefined, { skip: !token });
  const staffQuery = useGetStaffQuery();
  const dutiesQuery = useGetDutiesQuery();
  const own = useOwnStaffRecord();

  const closeButton = (
    <Flex justify="end" style={{ marginTop: 16 }}>
      <Button onClick={onDone}>OK</Button>
    </Flex>
  );
  const failed = [
    { query: staffQuery, title: 'Failed to load staff members' },
    { query: dutiesQuery, title: 'Failed to load duties' },
  ].find(({ query }) => query.isError && !query.data);
  if (failed) {
    return (
      <>
        <LoadError
          title={failed.title}
          error={failed.query.error}
          retrying={failed.query.isFetching}
          onRetry={() => void failed.query.refetch()}
        />
        {closeButton}
      </>
    );
  }
  if (!staffQuery.data || !dutiesQuery.data || (Boolean(token) && userQuery.isLoading)) {
    return (
      <Flex justify="center" style={{ padding: 24 }} role="status">
        <Spin description="Loading…" />
      </Flex>
    );
  }
  const duty = dutiesQuery.data.find((candidate) => candidate.id === start?.dutyId);
  if (!start?.date || !duty) {
    return (
      <>
        <Alert
          type="info"
          showIcon
          title="Duty not found"
          description="This duty is no longer on the school's list. Choose a duty on My Rota to ask for it to be cancelled."
        />
        {closeButton}
      </>
    );
  }
  if (!own?.isActive) {
    return (
      <>
        <Alert
          type="info"
          showIcon
          title="No staff record linked to your account"
          description="Cancel requests are made for your own duties, and your account is not linked to an active staff record. Ask an administrator to link it."
        />
        {closeButton}
      </>
    );
  }
  return (
    <RequestCancelForm
      date={start.date}
      person={{ id: own.id, name: own.name }}
      own
      duty={duty.isDutyManager ? undefined : { id: duty.id, label: dutyText(duty) }}
      backLabel="Close"
      onBack={onDone}
      onDone={onDone}
    />
  );
}
