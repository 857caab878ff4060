import { Alert, Button, Flex, Form, Input, Skeleton, Typography, type FormProps } from 'antd';
import { useEffect, useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';

import { getServerMessage, isApiError } from '@/shared/api/errors';
import { loadPage } from '@/shared/lib/page-load';
import { queueToast, useToast } from '@/shared/ui/toast';

import {
  useDescribePasswordLinkMutation,
  useResetPasswordMutation,
  type PasswordLinkDto,
  type ResetPasswordResultDto,
} from '../api';
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

/** The button of an invitation's page, and of a reset's. */
const SET_PASSWORD = 'Set your password';
const RESET_PASSWORD = 'Reset Password';

/**
 * Reached from the emailed link `/reset-password?token=…` (docs/product.md#accounts-and-sign-in).
 * An invitation's link (`&invite=1`) opens the same form as a welcome to the person's school.
 */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const invite = params.get('invite') === '1';
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
  if (invite) return <InvitationWelcome key={token} token={token} />;
  return <ResetPasswordForm key={token} token={token} />;
}

/**
 * An invitation's page: the school's name and the person's, asked of the server with the link's
 * token, then the form to choose a first password. A link that is used or expired says so at
 * once, before a password is typed.
 */
function InvitationWelcome({ token }: { token: string }) {
  const [describe, { data, error, isError }] = useDescribePasswordLinkMutation();
  useEffect(() => {
    void describe({ describePasswordLinkDto: { token } });
  }, [describe, token]);

  if (isError && isApiError(error) && error.status === 400) {
    return (
      <AuthCard title="This invitation has expired">
        <Alert
          type="warning"
          showIcon
          title="This invitation link is no longer valid"
          description="Invitation links work once and for 7 days. Ask whoever invited you to send a new one from Staff Management; if you have already set your password, sign in."
          style={{ marginBottom: 16 }}
        />
        <Link to="/" state={SIGN_IN_STATE}>
          Back to Login
        </Link>
      </AuthCard>
    );
  }
  // Any other failure (the network) still offers the form: setting the password says what is wrong.
  if (!data && !isError) {
    return (
      <AuthCard title="Welcome">
        <div role="status" aria-label="Loading your invitation">
          <Skeleton active title={false} paragraph={{ rows: 4 }} />
        </div>
      </AuthCard>
    );
  }
  return <ResetPasswordForm token={token} invitation={data} invite />;
}

function invitationIntro(invitation: PasswordLinkDto | undefined): string {
  const where = invitation ? ` at ${invitation.organizationName}` : '';
  const hello = invitation ? `Hello ${invitation.name}, you` : 'You';
  return `${hello} have been invited to Duty Manager${where}, where you can see the duty rota, ask for swaps and record when you are away. Choose a password of at least 6 characters, twice; you are then signed in.`;
}

interface ResetPasswordFormProps {
  token: string;
  /** An invitation's link: a welcome instead of a reset. */
  invite?: boolean;
  invitation?: PasswordLinkDto;
}

function ResetPasswordForm({ token, invite = false, invitation }: ResetPasswordFormProps) {
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
      <AuthCard title={invite ? 'Password set' : 'Password reset'}>
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
      title={
        invite
          ? `Welcome to ${invitation?.organizationName ?? 'Duty Manager'}`
          : 'Choose a new password'
      }
      intro={
        invite
          ? invitationIntro(invitation)
          : 'Enter a new password for your account, twice. It must be at least 6 characters long.'
      }
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
            {invite ? SET_PASSWORD : RESET_PASSWORD}
          </Button>
        </Form.Item>
        <Flex justify="space-between">
          <Link to="/" state={SIGN_IN_STATE}>
            Back to Login
          </Link>
          {!invite && <Link to="/forgot-password">Request a new reset link</Link>}
        </Flex>
      </Form>
    </AuthCard>
  );
}
