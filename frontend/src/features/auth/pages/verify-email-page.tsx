import { Button, Result, Spin } from 'antd';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';

import { PageTitle } from '@/shared/ui/page-title';
import { useToast } from '@/shared/ui/toast';

import { useVerifyEmailMutation } from '../api';
import { ResultHeading as Heading } from '../components/result-heading';
import { type LinkOutcome, useOneTimeLink } from '../lib/one-time-link';
import { useCurrentUser } from '../session/session';
import { SIGN_IN_STATE } from '../session/sign-in-intent';

const MISSING_TOKEN = 'No verification token provided';

/** Reached from the emailed link `/verify-email?token=…` (docs/product.md#accounts-and-sign-in). */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [verifyEmail] = useVerifyEmailMutation();
  const toast = useToast();
  const navigate = useNavigate();
  const signedIn = useCurrentUser() !== undefined;
  const outcome = useOneTimeLink(
    'verify-email',
    token,
    (t) => verifyEmail({ verifyEmailDto: { token: t } }).unwrap(),
    'Email verification failed',
    (settled) =>
      toast(
        settled.ok
          ? { title: 'Email Verified', description: settled.message, key: 'verify-email' }
          : {
              variant: 'destructive',
              title: 'Verification Failed',
              description: settled.message,
              key: 'verify-email',
            },
      ),
  );

  useEffect(() => {
    if (token) return;
    toast({
      variant: 'destructive',
      title: 'Verification Failed',
      description: MISSING_TOKEN,
      key: 'verify-email',
    });
  }, [token, toast]);

  const shown: LinkOutcome | undefined = token ? outcome : { ok: false, message: MISSING_TOKEN };

  if (!shown) {
    return (
      <div role="status" aria-live="polite">
        <PageTitle title="Verifying your email" />
        <Result
          icon={<Spin size="large" />}
          title={<Heading>Verifying your email</Heading>}
          subTitle="This only takes a moment."
        />
      </div>
    );
  }

  if (shown.ok) {
    return (
      <>
        <PageTitle title="Email verified" />
        <Result
          status="success"
          title={<Heading>Email verified</Heading>}
          subTitle={shown.message}
          extra={
            <Button
              type="primary"
              size="large"
              // Signed out, the dashboard is behind the sign-in form: open it.
              onClick={() => void navigate('/', { state: signedIn ? undefined : SIGN_IN_STATE })}
            >
              Continue to Dashboard
            </Button>
          }
        />
      </>
    );
  }

  return (
    <>
      <PageTitle title="Verification failed" />
      <Result
        status="error"
        title={<Heading>Verification failed</Heading>}
        subTitle={shown.message}
        extra={
          <Button type="primary" size="large" onClick={() => void navigate('/resend-verification')}>
            Resend Verification Email
          </Button>
        }
      />
    </>
  );
}
