import { Button, Result, Spin } from 'antd';
import { useSearchParams } from 'react-router';

import { PageTitle } from '@/shared/ui/page-title';

import { useConfirmEmailChangeMutation } from '../api';
import { ResultHeading as Heading } from '../components/result-heading';
import { type LinkOutcome, useOneTimeLink } from '../lib/one-time-link';
import { useLogout } from '../session/session';

/** Reached from the link `/confirm-email?token=…` sent to a new sign-in address. */
export function ConfirmEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [confirmEmailChange] = useConfirmEmailChangeMutation();
  const logout = useLogout();
  const confirmed = useOneTimeLink(
    'confirm-email',
    token,
    (t) => confirmEmailChange({ confirmEmailChangeDto: { token: t } }).unwrap(),
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
