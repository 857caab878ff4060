import { Result } from 'antd';
import { useEffect, useState } from 'react';

import {
  REAUTHENTICATION_CHANNEL,
  type ReauthenticationMessage,
} from '@/shared/auth/reauthentication-channel';
import { PageTitle } from '@/shared/ui/page-title';

import { ResultHeading as Heading } from '../components/result-heading';
import { SSO_ERROR_MESSAGES } from '../lib/sso-errors';

/** What the fragment of `/reauthenticated#proof=…` (or `#error=<reason>`) carries. */
export function reauthenticationOutcome(hash: string): ReauthenticationMessage {
  const fragment = new URLSearchParams(hash.replace(/^#/, ''));
  const proof = fragment.get('proof');
  return proof ? { proof } : { error: fragment.get('error') ?? 'failed' };
}

/**
 * Where a re-authentication through an identity provider ends, in the window the form opened
 * (docs/security.md, "Re-authentication"): hands the proof, or the refusal, to the form over the
 * re-authentication channel and closes itself. The proof leaves the address bar at once.
 */
export function ReauthenticatedPage() {
  const [outcome] = useState(() => reauthenticationOutcome(window.location.hash));
  useEffect(() => {
    window.history.replaceState(null, '', window.location.pathname);
    if (typeof BroadcastChannel === 'undefined') return;
    const channel = new BroadcastChannel(REAUTHENTICATION_CHANNEL);
    channel.postMessage(outcome);
    channel.close();
    if ('proof' in outcome) window.close();
  }, [outcome]);

  const ok = 'proof' in outcome;
  const title = ok ? 'Confirmed' : 'Not confirmed';
  return (
    <>
      <PageTitle title={title} />
      <Result
        status={ok ? 'success' : 'error'}
        title={<Heading>{title}</Heading>}
        subTitle={
          ok
            ? 'You can close this window and save your change.'
            : (SSO_ERROR_MESSAGES[outcome.error] ?? SSO_ERROR_MESSAGES.failed)
        }
      />
    </>
  );
}
