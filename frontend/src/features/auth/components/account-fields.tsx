import { Form } from 'antd';
import Input from 'antd/es/input/Input';

import { emailRules, lowerCase, organizationRules, withoutSpaces } from '../lib/validation';

/** The email field of every auth form; `invalidMessage` is the form's own wording for a bad address. */
export function EmailField({ invalidMessage }: { invalidMessage: string }) {
  return (
    <Form.Item
      label="Email"
      name="email"
      validateFirst
      normalize={withoutSpaces}
      rules={emailRules(invalidMessage)}
    >
      <Input type="email" autoComplete="email" />
    </Form.Item>
  );
}

/** The subdomain of an existing organisation, as sign-in and the email-link forms ask for it. */
export function OrganizationSubdomainField() {
  return (
    <Form.Item
      label="Organization subdomain"
      name="organizationSubdomain"
      validateFirst
      normalize={lowerCase}
      extra="The short name your organisation signed up with, e.g. hillside."
      rules={organizationRules}
    >
      <Input autoComplete="organization" autoCapitalize="none" spellCheck={false} />
    </Form.Item>
  );
}
