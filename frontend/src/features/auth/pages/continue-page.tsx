import { Button, Result, Spin } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';

import { loadPage } from '@/shared/lib/page-load';
import { PageTitle } from '@/shared/ui/page-title';

import { useRedeemHandoffMutation } from '../api';
import { AuthCard } from '../components/auth-card';
import { ResultHeading as Heading } from '../components/result-heading';
import { TwoFactorStep } from '../components/two-factor-step';
import { useOneTimeLink } from '../lib/one-time-link';
import { TWO_FACTOR_TITLE } from '../lib/two-factor';
import { useStartSession } from '../session/session';
import { SIGN_IN_STATE } from '../session/sign-in-intent';

const MISSING_CODE = 'This sign-in link is incomplete. Please sign in again.';

/** The one-time code from `#code=…`, read once; the fragment is then removed from the address. */
function takeCodeFromAddress(): string {
  const code = new URLSearchParams(window.location.hash.slice(1)).get('code') ?? '';
  if (window.location.hash) {
    window.history.replaceState(
      window.history.state,
      '',
      window.location.pathname + window.location.search,
    );
  }
  return code;
}

/**
 * `/continue#code=…`: the last step of a sign-in that started on another address (sign-up on the
 * bare domain, an identity provider). The code is exchanged once for this address's session, then
 * the app reloads at / as after any sign-in. The code rides in the fragment, which browsers never
 * send to a server, so it stays out of access logs and Referer headers.
 */
export function ContinuePage() {
  const [code] = useState(takeCodeFromAddress);
  const [redeem] = useRedeemHandoffMutation();
  const startSession = useStartSession();
  const navigate = useNavigate();
  // Set when the account has two-step verification on: the code is asked for here.
  const [challenge, setChallenge] = useState<string>();
  const signIn = (token: string) => {
    startSession(token);
    loadPage('/');
  };
  const outcome = useOneTimeLink(
    'continue',
    code,
    async (c) => {
      const result = await redeem({ redeemHandoffDto: { code: c } }).unwrap();
      if (result.token) signIn(result.token);
      else if (result.challenge) setChallenge(result.challenge);
      return { message: '' };
    },
    'Sign-in failed',
  );
  if (challenge) {
    return (
      <AuthCard title={TWO_FACTOR_TITLE}>
        <TwoFactorStep
          challenge={challenge}
          heading={false}
          onSignedIn={signIn}
          onCancel={() => void navigate('/', { state: SIGN_IN_STATE })}
        />
      </AuthCard>
    );
  }

  const failed = code ? (outcome && !outcome.ok ? outcome.message : undefined) : MISSING_CODE;
  if (failed === undefined) {
    return (
      <div role="status" aria-live="polite">
        <PageTitle title="Signing you in" />
        <Result icon={<Spin size="large" />} title={<Heading>Signing you in</Heading>} />
      </div>
    );
  }
  return (
    <>
      <PageTitle title="Sign-in failed" />
      <Result
        status="error"
        title={<Heading>Sign-in failed</Heading>}
        subTitle={failed}
        extra={
          <Button
            type="primary"
            size="large"
            onClick={() => void navigate('/', { state: SIGN_IN_STATE })}
          >
            Back to Login
          </Button>
        }
      />
    </>
  );
}
