import { Button, Flex, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';

import { getServerMessage } from '@/shared/api/errors';
import { useToast } from '@/shared/ui/toast';

import { useForgotPasswordMutation, type EmailRequestDto } from '../api';
import { AuthCard } from '../components/auth-card';
import { EmailRequestForm } from '../components/email-request-form';
import { currentHostSubdomain } from '../lib/host-subdomain';
import { useCurrentUser } from '../session/session';
import { SIGN_IN_STATE } from '../session/sign-in-intent';

/** Spec §8: the same words whether or not the account exists. */
export const RESET_LINK_SENT_MESSAGE =
  'If an account exists with that email, a password reset link has been sent.';

export function ForgotPasswordPage() {
  const [forgotPassword, { isLoading }] = useForgotPasswordMutation();
  const toast = useToast();
  const navigate = useNavigate();
  const current = useCurrentUser();
  const [values, setValues] = useState<EmailRequestDto>(() => ({
    email: current?.user.email ?? '',
    organizationSubdomain: current?.organization.subdomain ?? currentHostSubdomain(),
  }));
  const [sent, setSent] = useState(false);

  const submit = async (request: EmailRequestDto) => {
    // Kept so "Send Another Email" reopens the form as it was, e.g. to fix a typo.
    setValues(request);
    try {
      await forgotPassword({ emailRequestDto: request }).unwrap();
      setSent(true);
    } catch (error) {
      toast({
        variant: 'destructive',
        description: getServerMessage(error) ?? 'Failed to send reset email',
      });
    }
  };

  if (sent) {
    return (
      <AuthCard title="Check your email">
        <Typography.Paragraph>{RESET_LINK_SENT_MESSAGE}</Typography.Paragraph>
        <Typography.Paragraph type="secondary">
          The link works once and expires after 30 minutes. If nothing arrives, check your spam
          folder and that the email and organisation are right.
        </Typography.Paragraph>
        <Flex vertical gap="small">
          <Button
            type="primary"
            size="large"
            block
            onClick={() => void navigate('/', { state: SIGN_IN_STATE })}
          >
            Back to Login
          </Button>
          <Button size="large" block onClick={() => setSent(false)}>
            Send Another Email
          </Button>
        </Flex>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Forgot your password?"
      intro="Enter your email address and your organisation's subdomain, and we will email you a link to choose a new password."
    >
      <EmailRequestForm
        name="forgot-password"
        initialValues={values}
        submitLabel="Send Reset Link"
        submitting={isLoading}
        onSubmit={(request) => void submit(request)}
        footer={
          <Flex justify="center">
            <Link to="/" state={SIGN_IN_STATE}>
              Back to sign in
            </Link>
          </Flex>
        }
      />
    </AuthCard>
  );
}
