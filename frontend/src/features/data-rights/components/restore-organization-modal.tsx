import { Form, Modal, Typography } from 'antd';

import { getServerMessage } from '@/shared/api/errors';
import {
  reauthenticationOf,
  type ReauthenticationValues,
  clearRefusedCredential,
} from '@/shared/ui/reauthentication-fields';
import { useToast } from '@/shared/ui/toast';

import { useRestoreOrganizationMutation } from '../api';
import { ConfirmItsYouFields } from './confirm-its-you-fields';

/**
 * "Restore" during the grace period: the organisation will not be deleted, and everything can be
 * changed again. Re-authenticated; every admin is emailed.
 */
export function RestoreOrganizationModal({
  open,
  organizationName,
  onClose,
}: {
  open: boolean;
  organizationName: string;
  onClose: () => void;
}) {
  const [form] = Form.useForm<ReauthenticationValues>();
  const [restore, state] = useRestoreOrganizationMutation();
  const toast = useToast();

  const submit = async (values: ReauthenticationValues) => {
    try {
      await restore({ restoreOrganizationDto: reauthenticationOf(values) }).unwrap();
      toast({
        title: 'Organisation restored',
        description: `${organizationName} will not be deleted.`,
      });
      form.resetFields();
      onClose();
    } catch (error) {
      toast({
        variant: 'destructive',
        description: getServerMessage(error) ?? 'Failed to restore the organisation',
      });
      clearRefusedCredential(form, error);
    }
  };

  return (
    <Modal
      open={open}
      title={`Restore ${organizationName}`}
      okText="Restore"
      onOk={() => form.submit()}
      confirmLoading={state.isLoading}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph>
        {organizationName} will not be deleted, and everyone can change things again. Every admin is
        told by email.
      </Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        onFinish={(values) => void submit(values)}
        requiredMark={false}
      >
        <ConfirmItsYouFields help="Restoring the organisation asks you to confirm it's you." />
      </Form>
    </Modal>
  );
}
