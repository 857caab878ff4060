import { Button, Flex, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';

import { getServerMessage } from '@/shared/api/errors';
import { useToast } from '@/shared/ui/toast';

import { useResendVerificationMutation, type EmailRequestDto } from '../api';
import { AuthCard } from '../components/auth-card';
import { EmailRequestForm } from '../components/email-request-form';
import { currentHostSubdomain } from '../lib/host-subdomain';
import { useCurrentUser } from '../session/session';
import { SIGN_IN_STATE } from '../session/sign-in-intent';

/** The server's neutral answer; shown if it ever sends none. */
const VERIFICATION_SENT_MESSAGE =
  'If that account still needs verifying, a new verification email has been sent.';

/** Where the verify screen's "Resend Verification Email" leads (spec §2). */
export function ResendVerificationPage() {
  const [resendVerification, { isLoading }] = useResendVerificationMutation();
  const toast = useToast();
  const navigate = useNavigate();
  const current = useCurrentUser();
  const [values, setValues] = useState<EmailRequestDto>(() => ({
    email: current?.user.email ?? '',
    organizationSubdomain: current?.organization.subdomain ?? currentHostSubdomain(),
  }));
  const [sentMessage, setSentMessage] = useState<string>();

  const submit = async (request: EmailRequestDto) => {
    setValues(request);
    try {
      const { message } = await resendVerification({ emailRequestDto: request }).unwrap();
      setSentMessage(message || VERIFICATION_SENT_MESSAGE);
    } catch (error) {
      toast({
        variant: 'destructive',
        description: getServerMessage(error) ?? 'Failed to send verification email',
      });
    }
  };

  if (sentMessage) {
    return (
      <AuthCard title="Check your email">
        <Typography.Paragraph>{sentMessage}</Typography.Paragraph>
        <Typography.Paragraph type="secondary">
          The new link is valid for 24 hours and replaces any earlier one.
        </Typography.Paragraph>
        <Flex vertical gap="small">
          <Button
            type="primary"
            size="large"
            block
            onClick={() => void navigate('/', { state: current ? undefined : SIGN_IN_STATE })}
          >
            {current ? 'Back to Dashboard' : 'Back to Login'}
          </Button>
          <Button size="large" block onClick={() => setSentMessage(undefined)}>
            Send Another Email
          </Button>
        </Flex>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Resend verification email"
      intro="Enter your email address and your organisation's subdomain, and we will send you a new link to confirm your email address."
    >
      <EmailRequestForm
        name="resend-verification"
        initialValues={values}
        submitLabel="Send Verification Email"
        submitting={isLoading}
        onSubmit={(request) => void submit(request)}
        footer={
          <Flex justify="center">
            <Link to="/" state={current ? undefined : SIGN_IN_STATE}>
              {current ? 'Back to Dashboard' : 'Back to sign in'}
            </Link>
          </Flex>
        }
      />
    </AuthCard>
  );
}
