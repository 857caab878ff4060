import { GoogleOutlined, LoginOutlined, WindowsFilled } from '@ant-design/icons';
import { Alert, Button, Divider, Flex, Form } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';

import { useGetSignInProvidersQuery, type IdentityProviderKind } from '../api';
import { ssoErrorMessage } from '../lib/sso-errors';

const ICONS: Record<IdentityProviderKind, ReactNode> = {
  google: <GoogleOutlined aria-hidden />,
  microsoft: <WindowsFilled aria-hidden />,
  oidc: <LoginOutlined aria-hidden />,
};

/** A subdomain as the server accepts one; anything else is not worth asking about. */
const SUBDOMAIN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
/** How long typing in the subdomain field pauses before its providers are looked up. */
const LOOKUP_DELAY_MS = 300;

function useSettled(value: string, delayMs: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/** Why the last sign-in through a provider was refused (`/login?sso_error=…`), above the form. */
export function ProviderSignInAlert() {
  const message = ssoErrorMessage(useLocation().search);
  if (!message) return null;
  return (
    <Alert
      type="error"
      showIcon
      title="Sign-in failed"
      description={message}
      style={{ marginBottom: 16 }}
    />
  );
}

/**
 * "Sign in with Google / Microsoft / <name>" for the organisation named in the surrounding sign-in
 * form's subdomain field (docs/product.md#signing-in-with-google-or-microsoft): one link per
 * provider the organisation has turned on, to where the server says the sign-in starts (the
 * app's main address, where the provider will send the browser back), which sends the browser
 * on to the provider. Nothing while the organisation is unknown, has none, or the list can't be had: the
 * password form above still works. Render it inside that form. On a school's own address the
 * form has no subdomain field: `organization` names the school instead.
 */
export function ProviderSignInButtons({ organization: fixed }: { organization?: string } = {}) {
  const watched = Form.useWatch<string | undefined>('organizationSubdomain');
  const typed = fixed ?? String(watched ?? '');
  const organization = useSettled(typed, LOOKUP_DELAY_MS);
  const known = SUBDOMAIN.test(organization);
  // currentData: the answer for this subdomain only, never the last one's while this one loads.
  const { currentData } = useGetSignInProvidersQuery({ organization }, { skip: !known });
  const providers = known ? (currentData?.providers ?? []) : [];
  if (!providers.length) return null;
  return (
    <>
      <Divider plain>or</Divider>
      <Flex vertical gap="small">
        {providers.map((provider) => (
          <Button
            key={provider.kind}
            size="large"
            block
            icon={ICONS[provider.kind]}
            href={provider.startUrl}
          >
            Sign in with {provider.name}
          </Button>
        ))}
      </Flex>
    </>
  );
}
