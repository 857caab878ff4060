import { Form } from 'antd';

import { OneTimeCodeInput } from './one-time-code-input';

const CODE_REQUIRED = 'Enter the 6-digit code from your authenticator app.';

/**
 * The second factor of a re-authentication (docs/security.md, "Re-authentication"): a code from
 * the authenticator app or one of the recovery codes, in a form field named `code`.
 */
export function CodeOrRecoveryCodeField() {
  return (
    <Form.Item
      label="Authentication code"
      name="code"
      extra="The code your authenticator app shows now, or one of your recovery codes."
      rules={[
        { required: true, whitespace: true, message: CODE_REQUIRED },
        { max: 64, message: CODE_REQUIRED },
      ]}
      validateFirst
    >
      <OneTimeCodeInput />
    </Form.Item>
  );
}
