import { Button, Form } from 'antd';
import type { ReactNode } from 'react';

import type { EmailRequestDto } from '../api';
import { EmailField, OrganizationSubdomainField } from './account-fields';

interface EmailRequestFormProps {
  name: string;
  initialValues: EmailRequestDto;
  submitLabel: string;
  submitting: boolean;
  onSubmit: (values: EmailRequestDto) => void;
  /** Links under the button, e.g. back to sign-in. */
  footer?: ReactNode;
  /** False on a school's own address, which names the organisation. */
  askOrganization?: boolean;
}

/** Email and organisation: what the server needs to send a link without saying whether the account exists. */
export function EmailRequestForm({
  name,
  initialValues,
  submitLabel,
  submitting,
  onSubmit,
  footer,
  askOrganization = true,
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
      <EmailField invalidMessage="Invalid email format" />
      {askOrganization && <OrganizationSubdomainField />}
      <Form.Item style={{ marginBottom: footer ? 16 : 0 }}>
        <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
          {submitLabel}
        </Button>
      </Form.Item>
      {footer}
    </Form>
  );
}
