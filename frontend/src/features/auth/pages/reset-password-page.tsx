import { Button, Flex, Form, Input, Typography, type FormProps } from 'antd';
import { useEffect, useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';

import { getServerMessage } from '@/shared/api/errors';
import { loadPage } from '@/shared/lib/page-load';
import { queueToast, useToast } from '@/shared/ui/toast';

import { useResetPasswordMutation, type ResetPasswordResultDto } from '../api';
import { AuthCard } from '../components/auth-card';
import { rememberLastOrganization } from '../session/last-organization';
import { useLogout, useStartSession } from '../session/session';
import { SIGN_IN_STATE } from '../session/sign-in-intent';

interface ResetPasswordValues {
  newPassword: string;
  confirmPassword: string;
}

const TOO_SHORT = 'Password must be at least 6 characters long';
const MISMATCH = 'Passwords do not match';

/** Reached from the emailed link `/reset-password?token=…` (docs/product.md#accounts-and-sign-in). */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const toast = useToast();

  useEffect(() => {
    if (!token) {
      toast({
        variant: 'destructive',
        title: 'Invalid Link',
        description: 'No reset token provided in the URL',
        // StrictMode runs effects twice in development; the key keeps it to one toast.
        key: 'reset-password-invalid-link',
      });
    }
  }, [token, toast]);

  if (!token) return <Navigate to="/forgot-password" replace />;
  // Keyed so a different link in the same tab starts from an empty form.
  return <ResetPasswordForm key={token} token={token} />;
}

function ResetPasswordForm({ token }: { token: string }) {
  const [resetPassword, { isLoading }] = useResetPasswordMutation();
  const toast = useToast();
  const logout = useLogout();
  const startSession = useStartSession();
  const [done, setDone] = useState<ResetPasswordResultDto>();

  const submit = async ({ newPassword }: ResetPasswordValues) => {
    let result: ResetPasswordResultDto;
    try {
      result = await resetPassword({ resetPasswordDto: { token, newPassword } }).unwrap();
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Reset Failed',
        description: getServerMessage(error) ?? 'Failed to reset password',
      });
      return;
    }
    rememberLastOrganization(result.organizationSubdomain);
    if (result.token) {
      // An invitation's link ends signed in (docs/product.md#accounts-and-sign-in): the same
      // full reload to / as signing in, with the toast waiting for the new page.
      startSession(result.token);
      queueToast({ title: 'Welcome!', description: result.message });
      loadPage('/');
      return;
    }
    setDone(result);
  };

  const explainInvalid: FormProps<ResetPasswordValues>['onFinishFailed'] = ({ errorFields }) => {
    const password = errorFields.find((field) => field.name[0] === 'newPassword');
    if (password) {
      toast({
        variant: 'destructive',
        title: 'Invalid Password',
        description: password.errors[0] ?? TOO_SHORT,
      });
    } else if (errorFields.some((field) => field.name[0] === 'confirmPassword')) {
      toast({ variant: 'destructive', title: 'Password Mismatch', description: MISMATCH });
    }
  };

  if (done !== undefined) {
    const prefill = { email: done.email, organizationSubdomain: done.organizationSubdomain };
    return (
      <AuthCard title="Password reset">
        <Typography.Paragraph>
          {done.message || 'Your password has been reset. Please sign in with your new password.'}
        </Typography.Paragraph>
        {/* The reset ended every session on the server, so any local one is signed out too; the
            Sign In form opens filled in for this account. */}
        <Button
          type="primary"
          size="large"
          block
          onClick={() => void logout({ thenSignIn: true, prefill })}
        >
          Back to Login
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Choose a new password"
      intro="Enter a new password for your account, twice. It must be at least 6 characters long."
    >
      <Form<ResetPasswordValues>
        name="reset-password"
        layout="vertical"
        noValidate
        disabled={isLoading}
        onFinish={(values) => void submit(values)}
        onFinishFailed={explainInvalid}
      >
        <Form.Item
          label="New password"
          name="newPassword"
          validateFirst
          rules={[
            { required: true, message: TOO_SHORT },
            { min: 6, message: TOO_SHORT },
            { max: 128, message: 'Password must be at most 128 characters long' },
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label="Confirm password"
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
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item style={{ marginBottom: 16 }}>
          <Button type="primary" htmlType="submit" size="large" block loading={isLoading}>
            Reset Password
          </Button>
        </Form.Item>
        <Flex justify="space-between">
          <Link to="/" state={SIGN_IN_STATE}>
            Back to Login
          </Link>
          <Link to="/forgot-password">Request a new reset link</Link>
        </Flex>
      </Form>
    </AuthCard>
  );
}
