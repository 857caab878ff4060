import { Button, Result, Spin, Typography } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';

import { getServerMessage } from '@/shared/api/errors';
import { PageTitle } from '@/shared/ui/page-title';

import { useConfirmEmailChangeMutation } from '../api';
import { useLogout } from '../session/session';

type Outcome = { ok: boolean; message: string };

/** One request per token for the life of the page: the link works once (see verify-email-page). */
const outcomes = new Map<string, Promise<Outcome>>();

function Heading({ children }: { children: ReactNode }) {
  return (
    <Typography.Title level={1} style={{ margin: 0, fontSize: 'inherit' }}>
      {children}
    </Typography.Title>
  );
}

/** Reached from the link `/confirm-email?token=…` sent to a new sign-in address. */
export function ConfirmEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [confirmEmailChange] = useConfirmEmailChangeMutation();
  const logout = useLogout();
  const [settled, setSettled] = useState<{ token: string; outcome: Outcome }>();

  useEffect(() => {
    if (!token) return;
    let pending = outcomes.get(token);
    if (!pending) {
      pending = confirmEmailChange({ confirmEmailChangeDto: { token } })
        .unwrap()
        .then(
          ({ message }): Outcome => ({ ok: true, message }),
          (error: unknown): Outcome => ({
            ok: false,
            message: getServerMessage(error) ?? 'The new email could not be confirmed',
          }),
        );
      outcomes.set(token, pending);
    }
    let current = true;
    void pending.then((outcome) => {
      if (current) setSettled({ token, outcome });
    });
    return () => {
      current = false;
    };
  }, [token, confirmEmailChange]);

  const outcome: Outcome | undefined = !token
    ? { ok: false, message: 'No confirmation token provided' }
    : settled?.token === token
      ? settled.outcome
      : undefined;

  if (!outcome) {
    return (
      <div role="status" aria-live="polite">
        <PageTitle title="Confirming your new email" />
        <Result
          icon={<Spin size="large" />}
          title={<Heading>Confirming your new email</Heading>}
          subTitle="This only takes a moment."
        />
      </div>
    );
  }

  return (
    <>
      <PageTitle title={outcome.ok ? 'Email confirmed' : 'Confirmation failed'} />
      <Result
        status={outcome.ok ? 'success' : 'error'}
        title={<Heading>{outcome.ok ? 'Email confirmed' : 'Confirmation failed'}</Heading>}
        subTitle={outcome.message}
        extra={
          // Confirming ended every session on the server, so any local one is signed out too.
          <Button type="primary" size="large" onClick={() => logout({ thenSignIn: true })}>
            Sign In
          </Button>
        }
      />
    </>
  );
}
