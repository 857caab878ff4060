import { Form, Input } from 'antd';

import { ProviderProofInput } from '@/shared/ui/provider-proof-input';

import { useReauthenticationOptions } from '../api/reauthentication';
import { passwordRules } from '../lib/validation';

const PASSWORD_HELP = 'Your own password — the one you sign in with.';

/**
 * The re-authentication's first factor, as every sensitive change on the Account page asks it:
 * the password, or, for an account without one, signing in again with its provider
 * (docs/security.md, "Re-authentication").
 */
export function OwnPasswordField({
  label = 'Password',
  autoFocus = true,
}: {
  label?: string;
  autoFocus?: boolean;
}) {
  const options = useReauthenticationOptions();
  if (!options.hasPassword) {
    return (
      <Form.Item
        label="Confirm it's you"
        name="providerProof"
        extra="Your account has no password: sign in again with your provider."
        rules={[{ required: true, message: "Confirm it's you with your provider first" }]}
      >
        <ProviderProofInput providers={options.providers} start={options.start} />
      </Form.Item>
    );
  }
  return (
    <Form.Item
      label={label}
      name="password"
      extra={PASSWORD_HELP}
      rules={passwordRules}
      validateFirst
    >
      <Input.Password
        autoComplete="current-password"
        autoFocus={autoFocus}
        style={{ maxWidth: 320 }}
      />
    </Form.Item>
  );
}
