import { Button, Form, Input } from 'antd';
import type { ReactNode } from 'react';

import type { EmailRequestDto } from '../api';
import { emailRules, lowerCase, organizationRules, withoutSpaces } from '../lib/validation';

interface EmailRequestFormProps {
  name: string;
  initialValues: EmailRequestDto;
  submitLabel: string;
  submitting: boolean;
  onSubmit: (values: EmailRequestDto) => void;
  /** Links under the button, e.g. back to sign-in. */
  footer?: ReactNode;
}

/** Email and organisation: what the server needs to send a link without saying whether the account exists. */
export function EmailRequestForm({
  name,
  initialValues,
  submitLabel,
  submitting,
  onSubmit,
  footer,
}: EmailRequestFormProps) {
  return (
    <Form<EmailRequestDto>
      name={name}
      layout="vertical"
      noValidate
      disabled={submitting}
      initialValues={initialValues}
      onFinish={onSubmit}
    >
      <Form.Item
        label="Email"
        name="email"
        validateFirst
        normalize={withoutSpaces}
        rules={emailRules('Invalid email format')}
      >
        <Input type="email" autoComplete="email" />
      </Form.Item>
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
      <Form.Item style={{ marginBottom: footer ? 16 : 0 }}>
        <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
          {submitLabel}
        </Button>
      </Form.Item>
      {footer}
    </Form>
  );
}
