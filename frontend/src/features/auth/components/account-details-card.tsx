import { Button, Descriptions, Flex, Form, Input, Space, Tag, Typography } from 'antd';
import { useState } from 'react';

import { getServerCode, getServerMessage } from '@/shared/api/errors';
import { trimmed } from '@/shared/lib/text';
import { CodeOrRecoveryCodeField } from '@/shared/ui/code-or-recovery-code-field';
import { SectionCard } from '@/shared/ui/section-card';
import { useToast } from '@/shared/ui/toast';

import {
  useChangeOwnEmailMutation,
  useChangeOwnNameMutation,
  type CurrentUserResponseDto,
} from '../api';
import { emailRules, nameRules, withoutSpaces } from '../lib/validation';
import { OwnPasswordField } from './own-password-field';
import { VerifyEmailReminder } from './verify-email-reminder';

export const DETAILS_TITLE = 'Your details';

/**
 * The Account page's first card (docs/product.md#your-own-account): the signed-in person's name,
 * which they change here (their staff record follows), and their sign-in email, whether it is
 * verified, and a change of it started here (confirmed from the new address).
 */
export function AccountDetailsCard({ current }: { current: CurrentUserResponseDto }) {
  const { user } = current;
  const [changingEmail, setChangingEmail] = useState(false);
  return (
    <SectionCard title={DETAILS_TITLE}>
      <Flex vertical gap="large">
        <NameForm name={user.name} />
        <Descriptions
          column={1}
          size="small"
          items={[
            {
              key: 'email',
              label: 'Sign-in email',
              children: (
                <Space wrap size="small">
                  <Typography.Text>{user.email}</Typography.Text>
                  {user.emailVerified ? (
                    <Tag color="green">Verified</Tag>
                  ) : (
                    <Tag color="gold">Not verified</Tag>
                  )}
                </Space>
              ),
            },
            { key: 'organization', label: 'Organisation', children: current.organization.name },
          ]}
        />
        {!user.emailVerified && (
          <VerifyEmailReminder
            email={user.email}
            organizationSubdomain={current.organization.subdomain}
          />
        )}
        {changingEmail ? (
          <EmailChangeForm
            currentEmail={user.email}
            twoFactorEnabled={user.twoFactorEnabled === true}
            onDone={() => setChangingEmail(false)}
          />
        ) : (
          <div>
            <Button onClick={() => setChangingEmail(true)}>Change sign-in email</Button>
          </div>
        )}
      </Flex>
    </SectionCard>
  );
}

function NameForm({ name }: { name: string }) {
  const [form] = Form.useForm<{ name: string }>();
  const [rename, { isLoading }] = useChangeOwnNameMutation();
  const toast = useToast();

  const submit = async (values: { name: string }) => {
    const next = trimmed(values.name);
    if (next === name) return;
    try {
      const result = await rename({ changeOwnNameDto: { name: next } }).unwrap();
      toast({ title: 'Name changed', description: result.message });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Error',
        description: getServerMessage(error) ?? 'Failed to change your name',
      });
    }
  };

  return (
    <Form
      form={form}
      name="own-name"
      layout="vertical"
      disabled={isLoading}
      initialValues={{ name }}
      onFinish={(values) => void submit(values)}
    >
      <Form.Item
        label="Name"
        name="name"
        extra="How you appear on the rota and to your colleagues."
        rules={nameRules('Name', 100)}
        validateFirst
      >
        <Input autoComplete="name" style={{ maxWidth: 320 }} />
      </Form.Item>
      <Button htmlType="submit" loading={isLoading}>
        Save name
      </Button>
    </Form>
  );
}

interface EmailChangeValues {
  newEmail: string;
  password?: string;
  providerProof?: string;
  code?: string;
}

/**
 * A new sign-in email, after re-authentication: the new address gets a link to confirm it and
 * the current one is told; until it is confirmed, nothing changes (the page shows the pending
 * change).
 */
function EmailChangeForm({
  currentEmail,
  twoFactorEnabled,
  onDone,
}: {
  currentEmail: string;
  twoFactorEnabled: boolean;
  onDone: () => void;
}) {
  const [form] = Form.useForm<EmailChangeValues>();
  const [change, { isLoading }] = useChangeOwnEmailMutation();
  const toast = useToast();

  const submit = async (values: EmailChangeValues) => {
    try {
      const result = await change({
        changeOwnEmailDto: {
          newEmail: values.newEmail,
          password: values.password,
          providerProof: values.providerProof,
          code: values.code?.trim() || undefined,
        },
      }).unwrap();
      toast({ title: 'Check your new inbox', description: result.message });
      onDone();
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Error',
        description: getServerMessage(error) ?? 'Failed to change your sign-in email',
      });
      const code = getServerCode(error);
      if (code === 'password_incorrect') form.setFieldValue('password', '');
      if (code === 'provider_proof_invalid') form.setFieldValue('providerProof', undefined);
      if (code === 'two_factor_code_incorrect') form.setFieldValue('code', '');
    }
  };

  return (
    <Form
      form={form}
      name="own-email"
      layout="vertical"
      noValidate
      disabled={isLoading}
      onFinish={(values) => void submit(values)}
    >
      <Typography.Paragraph>
        We will email a link to the new address. Your sign-in email changes when you open it, and
        then you sign in again everywhere; until then, sign in with {currentEmail}.
      </Typography.Paragraph>
      <Form.Item
        label="New sign-in email"
        name="newEmail"
        normalize={withoutSpaces}
        rules={[
          ...emailRules('Invalid email address'),
          {
            validator: async (_rule, value: unknown) => {
              if (typeof value === 'string' && value.toLowerCase() === currentEmail.toLowerCase()) {
                throw new Error('That is already your sign-in email.');
              }
            },
          },
        ]}
        validateFirst
      >
        <Input type="email" autoComplete="email" autoFocus style={{ maxWidth: 320 }} />
      </Form.Item>
      <OwnPasswordField autoFocus={false} />
      {twoFactorEnabled && <CodeOrRecoveryCodeField />}
      <Space wrap>
        <Button type="primary" htmlType="submit" loading={isLoading}>
          Send confirmation link
        </Button>
        <Button onClick={onDone} disabled={isLoading}>
          Cancel
        </Button>
      </Space>
    </Form>
  );
}
