import { Button, Result, Spin, Typography } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';

import { getServerMessage } from '@/shared/api/errors';
import { PageTitle } from '@/shared/ui/page-title';
import { useToast } from '@/shared/ui/toast';

import { useVerifyEmailMutation } from '../api';
import { useCurrentUser } from '../session/session';
import { SIGN_IN_STATE } from '../session/sign-in-intent';

type Outcome = { ok: boolean; message: string };

/**
 * One request per token for the life of the page. A verification link works once, so a second
 * request (StrictMode's double effects, or coming back to the page) would report the link as
 * invalid right after it succeeded.
 */
const outcomes = new Map<string, Promise<Outcome>>();

function Heading({ children }: { children: ReactNode }) {
  return (
    <Typography.Title level={1} style={{ margin: 0, fontSize: 'inherit' }}>
      {children}
    </Typography.Title>
  );
}

/** Reached from the emailed link `/verify-email?token=…` (docs/product.md#accounts-and-sign-in). */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [verifyEmail] = useVerifyEmailMutation();
  const toast = useToast();
  const navigate = useNavigate();
  const signedIn = useCurrentUser() !== undefined;
  const [settled, setSettled] = useState<{ token: string; outcome: Outcome }>();

  useEffect(() => {
    if (!token) {
      toast({
        variant: 'destructive',
        title: 'Verification Failed',
        description: 'No verification token provided',
        key: 'verify-email',
      });
      return;
    }
    let pending = outcomes.get(token);
    if (!pending) {
      pending = verifyEmail({ verifyEmailDto: { token } })
        .unwrap()
        .then(
          ({ message }): Outcome => ({ ok: true, message }),
          (error: unknown): Outcome => ({
            ok: false,
            message: getServerMessage(error) ?? 'Email verification failed',
          }),
        );
      outcomes.set(token, pending);
    }
    let current = true;
    void pending.then((outcome) => {
      if (!current) return;
      setSettled({ token, outcome });
      toast(
        outcome.ok
          ? { title: 'Email Verified', description: outcome.message, key: 'verify-email' }
          : {
              variant: 'destructive',
              title: 'Verification Failed',
              description: outcome.message,
              key: 'verify-email',
            },
      );
    });
    return () => {
      current = false;
    };
  }, [token, verifyEmail, toast]);

  const outcome: Outcome | undefined = !token
    ? { ok: false, message: 'No verification token provided' }
    : settled?.token === token
      ? settled.outcome
      : undefined;

  if (!outcome) {
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

  if (outcome.ok) {
    return (
      <>
        <PageTitle title="Email verified" />
        <Result
          status="success"
          title={<Heading>Email verified</Heading>}
          subTitle={outcome.message}
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
        subTitle={outcome.message}
        extra={
          <Button type="primary" size="large" onClick={() => void navigate('/resend-verification')}>
            Resend Verification Email
          </Button>
        }
      />
    </>
  );
}
