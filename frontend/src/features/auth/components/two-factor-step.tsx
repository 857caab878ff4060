import { Button, Flex, Form, type InputRef } from 'antd';
import Input from 'antd/es/input/Input';
import { useId, useRef, useState } from 'react';

import { getServerCode } from '@/shared/api/errors';
import { Paragraph, Title } from '@/shared/ui/typography';
import { useToast } from '@/shared/ui/toast';

import { useLoginTwoFactorMutation } from '../api';
import { authFailureToast } from '../lib/auth-failure';
import {
  CODE_LABEL,
  codeRules,
  RECOVERY_CODE_LABEL,
  recoveryCodeRules,
  TWO_FACTOR_TITLE,
  WRONG_CODE,
} from '../lib/two-factor';

interface TwoFactorStepProps {
  /** The one-time key the first step (password, handoff code) answered with. */
  challenge: string;
  /** The code was right: `token` is the new session. */
  onSignedIn: (token: string) => void;
  /** Back to the first step; also when the challenge has expired. */
  onCancel: () => void;
  /** Shows "Two-step verification" as a heading (off where the page's own heading says it). */
  heading?: boolean;
}

/**
 * The second step of signing in (docs/product.md#two-step-verification): a code from the
 * authenticator app, or instead one of the recovery codes. Shown after the password on the
 * Sign In tab and on /continue when the server asks for it.
 */
export function TwoFactorStep({
  challenge,
  onSignedIn,
  onCancel,
  heading = true,
}: TwoFactorStepProps) {
  const [recovery, setRecovery] = useState(false);
  const [form] = Form.useForm<{ code: string }>();
  const [verify, { isLoading }] = useLoginTwoFactorMutation();
  const toast = useToast();
  const input = useRef<InputRef>(null);
  const headingId = useId();

  const submit = async ({ code }: { code: string }) => {
    let token: string;
    try {
      ({ token } = await verify({ loginTwoFactorDto: { challenge, code: code.trim() } }).unwrap());
    } catch (error) {
      toast(authFailureToast(error, 'Verification failed', WRONG_CODE));
      // Expired or used: only signing in again helps.
      if (getServerCode(error) === 'two_factor_challenge_invalid') {
        onCancel();
        return;
      }
      form.setFieldValue('code', '');
      input.current?.focus();
      return;
    }
    onSignedIn(token);
  };

  const switchKind = () => {
    setRecovery((r) => !r);
    form.resetFields();
    input.current?.focus();
  };

  return (
    <section
      aria-labelledby={heading ? headingId : undefined}
      aria-label={heading ? undefined : TWO_FACTOR_TITLE}
    >
      {heading && (
        <Title level={2} id={headingId} style={{ fontSize: 20, marginTop: 0 }}>
          {TWO_FACTOR_TITLE}
        </Title>
      )}
      <Paragraph type="secondary" style={{ marginBottom: 16 }}>
        {recovery
          ? 'Enter one of the recovery codes you saved when you turned on two-step verification. Each code works once.'
          : 'Enter the 6-digit code from your authenticator app.'}
      </Paragraph>
      <Form<{ code: string }>
        form={form}
        name="two-factor"
        layout="vertical"
        noValidate
        disabled={isLoading}
        onFinish={(values) => void submit(values)}
      >
        <Form.Item
          key={recovery ? 'recovery' : 'totp'}
          label={recovery ? RECOVERY_CODE_LABEL : CODE_LABEL}
          name="code"
          validateFirst
          rules={recovery ? recoveryCodeRules : codeRules}
        >
          <Input
            ref={input}
            autoFocus
            autoComplete={recovery ? 'off' : 'one-time-code'}
            inputMode={recovery ? 'text' : 'numeric'}
            autoCapitalize="none"
            spellCheck={false}
            maxLength={recovery ? 64 : 7}
          />
        </Form.Item>
        <Form.Item style={{ marginBottom: 8 }}>
          <Button type="primary" htmlType="submit" size="large" block loading={isLoading}>
            Verify
          </Button>
        </Form.Item>
      </Form>
      <Flex justify="space-between" wrap gap="small">
        <Button type="link" style={{ paddingInline: 0 }} onClick={switchKind}>
          {recovery ? 'Use your authenticator app instead' : 'Use a recovery code instead'}
        </Button>
        <Button type="link" style={{ paddingInline: 0 }} onClick={onCancel}>
          Back to Login
        </Button>
      </Flex>
    </section>
  );
}
