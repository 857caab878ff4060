import { CheckCircleFilled } from '@ant-design/icons';
import { Button, Flex, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';

import {
  isReauthenticationMessage,
  REAUTHENTICATION_CHANNEL,
} from '@/shared/auth/reauthentication-channel';

export interface ReauthenticationProvider {
  kind: string;
  /** As the sign-in buttons name it: Google, Microsoft, or the organisation's provider. */
  name: string;
}

/**
 * A form control (antd `Form.Item` value/onChange) for people without a password: "Confirm with
 * Google" opens the provider in a window of its own, where they sign in again; the proof that
 * comes back over the re-authentication channel becomes the field's value, sent as
 * `providerProof` with the change (docs/security.md, "Re-authentication").
 */
export function ProviderProofInput({
  value,
  onChange,
  providers,
  start,
  id,
}: {
  value?: string;
  onChange?: (proof: string | undefined) => void;
  providers: readonly ReauthenticationProvider[];
  /** Prepares the re-authentication and answers the address to open. */
  start: (kind: string) => Promise<string>;
  id?: string;
}) {
  const [waiting, setWaiting] = useState<string>();
  const [problem, setProblem] = useState<string>();
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  });

  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return;
    const channel = new BroadcastChannel(REAUTHENTICATION_CHANNEL);
    channel.onmessage = ({ data }) => {
      if (!isReauthenticationMessage(data)) return;
      setWaiting(undefined);
      if ('proof' in data) {
        setProblem(undefined);
        latest.current?.(data.proof);
      } else {
        setProblem(
          data.error === 'identity_mismatch'
            ? 'That is not the account you sign in with here. Sign in again with your own account.'
            : 'Confirming with your provider did not work. Please try again.',
        );
      }
    };
    return () => channel.close();
  }, []);

  const confirm = async (provider: ReauthenticationProvider) => {
    setProblem(undefined);
    setWaiting(provider.kind);
    // Opened in the click itself, so a popup blocker lets it through; pointed at the provider next.
    const popup = window.open('', REAUTHENTICATION_CHANNEL, 'popup,width=520,height=680');
    try {
      const location = await start(provider.kind);
      if (popup) popup.location.href = location;
      else window.open(location, REAUTHENTICATION_CHANNEL);
    } catch {
      popup?.close();
      setWaiting(undefined);
      setProblem('Confirming with your provider could not start. Please try again.');
    }
  };

  if (value) {
    return (
      <Typography.Text id={id} role="status">
        <CheckCircleFilled aria-hidden style={{ color: '#389e0d', marginInlineEnd: 8 }} />
        Confirmed. Save within five minutes.
      </Typography.Text>
    );
  }
  return (
    <Flex id={id} vertical gap="small" align="start">
      <Flex wrap gap="small">
        {providers.map((provider) => (
          <Button
            key={provider.kind}
            loading={waiting === provider.kind}
            onClick={() => void confirm(provider)}
          >
            Confirm with {provider.name}
          </Button>
        ))}
      </Flex>
      {waiting && (
        <Typography.Text type="secondary" role="status">
          Sign in again in the window that opened.
        </Typography.Text>
      )}
      {problem && (
        <Typography.Text type="danger" role="alert">
          {problem}
        </Typography.Text>
      )}
    </Flex>
  );
}
