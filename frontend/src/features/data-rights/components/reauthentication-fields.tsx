import { Form, Input } from 'antd';

import { useReauthenticationOptions } from '@/features/auth/api/reauthentication';
import { CodeOrRecoveryCodeField } from '@/shared/ui/code-or-recovery-code-field';
import { ProviderProofInput } from '@/shared/ui/provider-proof-input';

/** What the export and import send to confirm it is the signed-in admin (docs/security.md, "Re-authentication"). */
export interface ReauthenticationValues {
  password?: string;
  code?: string;
  providerProof?: string;
}

/** The re-authentication fields of a form's values, as the request takes them. */
export function reauthenticationOf(values: ReauthenticationValues): ReauthenticationValues {
  return {
    ...(values.password && { password: values.password }),
    ...(values.code?.trim() && { code: values.code.trim() }),
    ...(values.providerProof && { providerProof: values.providerProof }),
  };
}

/**
 * "Confirm it's you": the admin's password (or, without one, signing in again with their
 * provider), and their authenticator code when two-step verification is on. The same fields as
 * the settings feature's (features may not import each other's components).
 */
export function ReauthenticationFields({ help }: { help: string }) {
  const options = useReauthenticationOptions();
  return (
    <>
      {options.hasPassword ? (
        <Form.Item
          label="Your password"
          name="password"
          extra={help}
          rules={[{ required: true, message: 'Password is required' }]}
        >
          <Input.Password autoComplete="current-password" style={{ maxWidth: 320 }} />
        </Form.Item>
      ) : (
        <Form.Item
          label="Confirm it's you"
          name="providerProof"
          extra={`${help} Your account has no password: sign in again with your provider.`}
          rules={[{ required: true, message: "Confirm it's you with your provider first" }]}
        >
          <ProviderProofInput providers={options.providers} start={options.start} />
        </Form.Item>
      )}
      {options.twoFactorEnabled && <CodeOrRecoveryCodeField />}
    </>
  );
}
