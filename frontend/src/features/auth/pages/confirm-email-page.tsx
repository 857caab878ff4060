import { Button, Result, Spin } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';

import { PageTitle } from '@/shared/ui/page-title';

import { useConfirmEmailChangeMutation } from '../api';
import { ResultHeading as Heading } from '../components/result-heading';
import { type LinkOutcome, useOneTimeLink } from '../lib/one-time-link';
import { useLogout } from '../session/session';

/**
 * Reached from the links `/confirm-email?token=…` of a change of sign-in email: the one sent to
 * the new address (confirm it) and, when someone else asked for the change, the one sent to the
 * current address (the owner approves it). The change takes effect once both are in.
 */
export function ConfirmEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [confirmEmailChange] = useConfirmEmailChangeMutation();
  const logout = useLogout();
  const navigate = useNavigate();
  // Whether the change has taken effect (every session ended), or still waits for the other side.
  const [complete, setComplete] = useState(true);
  const confirmed = useOneTimeLink(
    'confirm-email',
    token,
    async (t) => {
      const result = await confirmEmailChange({ confirmEmailChangeDto: { token: t } }).unwrap();
      setComplete(result.complete);
      return result;
    },
    'The new email could not be confirmed',
  );
  const outcome: LinkOutcome | undefined = token
    ? confirmed
    : { ok: false, message: 'No confirmation token provided' };

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

  if (outcome.ok && !complete) {
    return (
      <>
        <PageTitle title="One more step" />
        <Result
          status="info"
          title={<Heading>One more step</Heading>}
          subTitle={outcome.message}
          extra={
            <Button type="primary" size="large" onClick={() => void navigate('/')}>
              Continue
            </Button>
          }
        />
      </>
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
          <Button type="primary" size="large" onClick={() => void logout({ thenSignIn: true })}>
            Sign In
          </Button>
        }
      />
    </>
  );
}
