import { Form, type FormInstance, Input } from 'antd';

import { getServerCode } from '@/shared/api/errors';

import { CodeOrRecoveryCodeField } from './code-or-recovery-code-field';
import { ProviderProofInput, type ReauthenticationProvider } from './provider-proof-input';

/**
 * After a refused re-authentication: empties the field that was wrong (the password, or the code
 * from the authenticator app), so the person types it again rather than resending it.
 */
export function clearRefusedCredential(form: FormInstance, error: unknown): void {
  const code = getServerCode(error);
  if (code === 'password_incorrect') form.setFieldValue('password', '');
  if (code === 'two_factor_code_incorrect') form.setFieldValue('code', '');
}

/** What a sensitive change sends to confirm it is the signed-in person (docs/security.md, "Re-authentication"). */
export interface ReauthenticationValues {
  password?: string;
  code?: string;
  providerProof?: string;
}

/** The re-authentication fields of a form's values, as the request body takes them. */
export function reauthenticationOf(values: ReauthenticationValues): ReauthenticationValues {
  return {
    ...(values.password && { password: values.password }),
    ...(values.code?.trim() && { code: values.code.trim() }),
    ...(values.providerProof && { providerProof: values.providerProof }),
  };
}

/** What re-authentication asks of the signed-in person (the auth feature's `useReauthenticationOptions` reads it). */
export interface ReauthenticationOptions {
  /** Whether the person confirms with their password (else with a provider they sign in with). */
  hasPassword: boolean;
  /** Whether a code from the authenticator app is asked for as well. */
  twoFactorEnabled: boolean;
  /** The providers linked to the account that the organisation has turned on. */
  providers: ReauthenticationProvider[];
  /** Prepares a provider re-authentication for this session; answers the address to open. */
  start: (kind: string) => Promise<string>;
}

/**
 * "Confirm it's you" for a sensitive change, inside its form: the person's own password, or, for
 * an account without one, signing in again with their provider; and the code from their
 * authenticator app when two-step verification is on. `help` says what asks for it.
 */
export function ReauthenticationFields({
  options,
  help,
}: {
  options: ReauthenticationOptions;
  help: string;
}) {
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
