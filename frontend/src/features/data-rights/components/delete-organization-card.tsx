import { Alert, Button, Flex, Form, Input, Modal, Skeleton, Typography } from 'antd';
import { useState } from 'react';

import { useGetCurrentUserQuery } from '@/features/auth/api';
import { getServerMessage } from '@/shared/api/errors';
import { LoadError } from '@/shared/ui/load-error';
import {
  reauthenticationOf,
  type ReauthenticationValues,
  clearRefusedCredential,
} from '@/shared/ui/reauthentication-fields';
import { SectionCard } from '@/shared/ui/section-card';
import { useToast } from '@/shared/ui/toast';

import { useGetOrganizationDeletionQuery, useRequestOrganizationDeletionMutation } from '../api';
import { ConfirmItsYouFields } from './confirm-its-you-fields';
import { deletionDate } from './deletion-date';
import { RestoreOrganizationModal } from './restore-organization-modal';

export const DELETE_TITLE = 'Delete this organisation';
const GRACE_DAYS = 30;

/** What deleting takes away: shown before and in the confirmation. */
const CONSEQUENCES = [
  `For ${GRACE_DAYS} days the organisation is read-only: everyone can still sign in and see the rota, but nothing can be changed. Any admin can restore it until then.`,
  'Then every record of it is deleted for good: staff and their accounts, duties, the rota and its history, requests, unavailability, settings, the activity log and the procedure file.',
  'Every admin is emailed when you ask, if it is restored, and when it has been deleted.',
];

/**
 * The Admin Panel's danger zone (docs/security.md#deleting-an-organisation): asking for the
 * organisation to be deleted after 30 days' grace — typing its name and confirming it's you — or,
 * while a deletion is pending, restoring it.
 */
export function DeleteOrganizationCard() {
  const query = useGetOrganizationDeletionQuery();
  const organizationName = useGetCurrentUserQuery().data?.organization.name ?? '';
  const [asking, setAsking] = useState(false);
  const [restoring, setRestoring] = useState(false);

  let body;
  if (query.isLoading) {
    body = (
      <div role="status" aria-label="Loading whether the organisation is to be deleted">
        <Skeleton active title={false} paragraph={{ rows: 2 }} />
      </div>
    );
  } else if (query.isError || !query.data) {
    body = (
      <LoadError
        title="Failed to load whether the organisation is to be deleted"
        description="Please try refreshing the page or contact support if the issue persists."
        retryLabel="Try again"
        retrying={query.isFetching}
        onRetry={() => void query.refetch()}
      />
    );
  } else if (query.data.pending) {
    body = (
      <Flex vertical gap="middle" align="start">
        <Alert
          type="error"
          showIcon
          title={`${organizationName} will be deleted on ${deletionDate(query.data.dueDate)}.`}
          description="Until then it is read-only. Restore it to keep it and change things again."
        />
        <Button onClick={() => setRestoring(true)}>Restore</Button>
      </Flex>
    );
  } else {
    body = (
      <Flex vertical gap="small" align="start">
        <Typography.Paragraph style={{ marginBottom: 0 }}>
          Deletes {organizationName || 'the organisation'} and everything in it after {GRACE_DAYS}{' '}
          days&apos; grace. Download the export first if you need a copy.
        </Typography.Paragraph>
        <ul style={{ margin: 0, paddingInlineStart: 20 }}>
          {CONSEQUENCES.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <Button danger onClick={() => setAsking(true)}>
          {DELETE_TITLE}…
        </Button>
      </Flex>
    );
  }

  return (
    <SectionCard title={DELETE_TITLE} style={{ borderColor: 'var(--ant-color-error, #ff4d4f)' }}>
      {body}
      <RequestDeletionModal
        open={asking}
        organizationName={organizationName}
        onClose={() => setAsking(false)}
      />
      <RestoreOrganizationModal
        open={restoring}
        organizationName={organizationName}
        onClose={() => setRestoring(false)}
      />
    </SectionCard>
  );
}

interface RequestValues extends ReauthenticationValues {
  confirmName: string;
}

/** The confirmation: the consequences, the organisation's name typed exactly, and re-authentication. */
function RequestDeletionModal({
  open,
  organizationName,
  onClose,
}: {
  open: boolean;
  organizationName: string;
  onClose: () => void;
}) {
  const [form] = Form.useForm<RequestValues>();
  const typed = Form.useWatch('confirmName', form);
  const [request, state] = useRequestOrganizationDeletionMutation();
  const toast = useToast();

  const submit = async (values: RequestValues) => {
    try {
      const result = await request({
        requestOrganizationDeletionDto: {
          confirmName: values.confirmName,
          ...reauthenticationOf(values),
        },
      }).unwrap();
      toast({
        title: 'Deletion requested',
        description: `${organizationName} will be deleted on ${deletionDate(result.dueDate)}. Every admin has been emailed.`,
      });
      form.resetFields();
      onClose();
    } catch (error) {
      toast({
        variant: 'destructive',
        description: getServerMessage(error) ?? 'Failed to ask for the deletion',
      });
      clearRefusedCredential(form, error);
    }
  };

  return (
    <Modal
      open={open}
      title={`Delete ${organizationName}?`}
      okText="Delete this organisation"
      okButtonProps={{ danger: true, disabled: typed !== organizationName }}
      onOk={() => form.submit()}
      confirmLoading={state.isLoading}
      onCancel={onClose}
      destroyOnHidden
    >
      <ul style={{ paddingInlineStart: 20 }}>
        {CONSEQUENCES.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <Form
        form={form}
        layout="vertical"
        onFinish={(values) => void submit(values)}
        requiredMark={false}
      >
        <Form.Item
          label={`Type ${organizationName} to confirm`}
          name="confirmName"
          rules={[
            { required: true, message: "Type the organisation's name exactly to confirm" },
            {
              validator: (_rule, value: string | undefined) =>
                !value || value === organizationName
                  ? Promise.resolve()
                  : Promise.reject(new Error("Type the organisation's name exactly to confirm")),
            },
          ]}
        >
          <Input autoComplete="off" spellCheck={false} style={{ maxWidth: 320 }} />
        </Form.Item>
        <ConfirmItsYouFields help="Deleting the organisation asks you to confirm it's you." />
      </Form>
    </Modal>
  );
}
