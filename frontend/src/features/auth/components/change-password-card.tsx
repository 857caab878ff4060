import { Button, Form, Input, Typography } from 'antd';

import { getServerCode, getServerMessage } from '@/shared/api/errors';
import { storeAuthToken } from '@/shared/auth/auth-token';
import { CodeOrRecoveryCodeField } from '@/shared/ui/code-or-recovery-code-field';
import { SectionCard } from '@/shared/ui/section-card';
import { useToast } from '@/shared/ui/toast';

import { useChangeOwnPasswordMutation } from '../api';
import { passwordRules } from '../lib/validation';

export const PASSWORD_TITLE = 'Password';
const MISMATCH = 'Passwords do not match';

interface ChangePasswordValues {
  password: string;
  newPassword: string;
  confirmPassword: string;
  code?: string;
}

/**
 * The Account page's password card (docs/product.md#your-own-account): the current password (and a
 * code when two-step verification is on), then the new one twice. The change signs out every other
 * session of the account; this browser carries on with the new session the answer brings.
 */
export function ChangePasswordCard({
  hasPassword,
  twoFactorEnabled,
}: {
  hasPassword: boolean;
  twoFactorEnabled: boolean;
}) {
  const [form] = Form.useForm<ChangePasswordValues>();
  const [changePassword, { isLoading }] = useChangeOwnPasswordMutation();
  const toast = useToast();

  if (!hasPassword) {
    return (
      <SectionCard title={PASSWORD_TITLE}>
        <Typography.Paragraph style={{ marginBottom: 0 }}>
          Your account has no password: you sign in through your organisation&apos;s identity
          provider. To choose a password as well, use &quot;Forgot your password?&quot; on the
          sign-in page.
        </Typography.Paragraph>
      </SectionCard>
    );
  }

  const submit = async (values: ChangePasswordValues) => {
    try {
      const result = await changePassword({
        changeOwnPasswordDto: {
          password: values.password,
          newPassword: values.newPassword,
          code: values.code?.trim() || undefined,
        },
      }).unwrap();
      // The session this page was using has ended on the server: carry on with the new one.
      storeAuthToken(result.token);
      form.resetFields();
      toast({ title: 'Password changed', description: result.message });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Error',
        description: getServerMessage(error) ?? 'Failed to change your password',
      });
      const code = getServerCode(error);
      if (code === 'password_incorrect') form.setFieldValue('password', '');
      if (code === 'two_factor_code_incorrect') form.setFieldValue('code', '');
    }
  };

  return (
    <SectionCard title={PASSWORD_TITLE}>
      <Typography.Paragraph type="secondary">
        Changing your password signs you out on every other device and browser; you stay signed in
        here.
      </Typography.Paragraph>
      <Form
        form={form}
        name="own-password"
        layout="vertical"
        noValidate
        disabled={isLoading}
        onFinish={(values) => void submit(values)}
      >
        <Form.Item label="Current password" name="password" rules={passwordRules} validateFirst>
          <Input.Password autoComplete="current-password" style={{ maxWidth: 320 }} />
        </Form.Item>
        <Form.Item
          label="New password"
          name="newPassword"
          extra="At least 6 characters."
          rules={passwordRules}
          validateFirst
        >
          <Input.Password autoComplete="new-password" style={{ maxWidth: 320 }} />
        </Form.Item>
        <Form.Item
          label="Confirm new password"
          name="confirmPassword"
          dependencies={['newPassword']}
          required
          rules={[
            ({ getFieldValue }) => ({
              validator: async (_rule, value: unknown) => {
                if (value !== getFieldValue('newPassword')) throw new Error(MISMATCH);
              },
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" style={{ maxWidth: 320 }} />
        </Form.Item>
        {twoFactorEnabled && <CodeOrRecoveryCodeField />}
        <Button type="primary" htmlType="submit" loading={isLoading}>
          Change Password
        </Button>
      </Form>
    </SectionCard>
  );
}
