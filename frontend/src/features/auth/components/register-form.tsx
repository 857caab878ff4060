import { DownOutlined } from '@ant-design/icons';
import { Button, Form, type SelectProps } from 'antd';
// Input and Password alone: `Input` from 'antd' also brings TextArea, Search and OTP, which the
// sign-up and sign-in forms (on the landing page's first screen) never show.
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { lazy, Suspense } from 'react';
import { useNavigate } from 'react-router';

import { loadPage } from '@/shared/lib/page-load';
import { trimmed } from '@/shared/lib/text';
import { useToast } from '@/shared/ui/toast';

import { useRegisterMutation, type OrganizationType } from '../api';
import { authFailureToast } from '../lib/auth-failure';
import { lowerCase, nameRules, newSubdomainRules, passwordRules } from '../lib/validation';
import { useStartSession } from '../session/session';
import { EmailField } from './account-fields';

interface RegisterValues {
  name: string;
  email: string;
  password: string;
  organizationName: string;
  organizationSubdomain: string;
  organizationType: OrganizationType;
}

const ORGANIZATION_TYPES: { value: OrganizationType; label: string }[] = [
  { value: 'school', label: 'School' },
  { value: 'college', label: 'College' },
  { value: 'university', label: 'University' },
  { value: 'other', label: 'Other' },
];

// antd's Select is a quarter of the landing page's code. It is the form's last field, usually
// below the fold, so it loads after the page has rendered; until then a read-only box of the
// same size shows the same text and arrow.
const OrganizationTypeSelect = lazy(async () => ({
  default: (await import('./organization-type-select')).OrganizationTypeSelect,
}));

function OrganizationTypeField(props: SelectProps) {
  const label = ORGANIZATION_TYPES.find((type) => type.value === props.value)?.label;
  return (
    <Suspense
      fallback={
        <Input
          readOnly
          aria-hidden
          tabIndex={-1}
          value={label}
          disabled={props.disabled}
          suffix={<DownOutlined style={{ fontSize: 12, color: 'rgba(0, 0, 0, 0.25)' }} />}
        />
      }
    >
      <OrganizationTypeSelect options={ORGANIZATION_TYPES} {...props} />
    </Suspense>
  );
}

/** Signs up a new organisation; the person signing up becomes its first admin. */
export function RegisterForm() {
  const [register, { isLoading }] = useRegisterMutation();
  const startSession = useStartSession();
  const toast = useToast();
  const navigate = useNavigate();

  const submit = async (values: RegisterValues) => {
    let token: string;
    let continueUrl: string | undefined;
    try {
      ({ token, continueUrl } = await register({
        registerDto: {
          ...values,
          name: trimmed(values.name),
          organizationName: trimmed(values.organizationName),
        },
      }).unwrap());
    } catch (error) {
      toast(authFailureToast(error, 'Registration failed', 'Unable to create account'));
      return;
    }
    // Signed up on the bare domain: the new organisation's own address takes over with a
    // one-time code (docs/product.md#accounts-and-sign-in); the session is made there, not here.
    if (continueUrl) {
      loadPage(continueUrl);
      return;
    }
    startSession(token);
    toast({
      title: 'Welcome to Duty Manager!',
      description: `Your free trial has started. We have sent a link to ${values.email} to confirm your email address.`,
    });
    void navigate('/');
  };

  return (
    <Form<RegisterValues>
      name="register"
      layout="vertical"
      // Our messages (docs/product.md#texts-on-screen) instead of the browser's own bubbles for type="email".
      noValidate
      disabled={isLoading}
      initialValues={{ organizationType: 'school' }}
      onFinish={(values) => void submit(values)}
    >
      <Form.Item label="Your name" name="name" validateFirst rules={nameRules('Name', 100)}>
        <Input autoComplete="name" />
      </Form.Item>
      <EmailField invalidMessage="Invalid email address" />
      <Form.Item
        label="Password"
        name="password"
        validateFirst
        extra="At least 6 characters."
        rules={passwordRules}
      >
        <Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        label="Organization name"
        name="organizationName"
        validateFirst
        rules={nameRules('Organization name', 255)}
      >
        <Input autoComplete="organization" placeholder="Hillside Primary School" />
      </Form.Item>
      <Form.Item
        label="Organization subdomain"
        name="organizationSubdomain"
        validateFirst
        normalize={lowerCase}
        extra="Your organisation's short name: everyone enters it when they sign in. Lowercase letters, numbers and hyphens."
        rules={newSubdomainRules}
      >
        <Input autoComplete="off" autoCapitalize="none" spellCheck={false} placeholder="hillside" />
      </Form.Item>
      <Form.Item label="Organization type" name="organizationType">
        <OrganizationTypeField />
      </Form.Item>
      <Form.Item style={{ marginBottom: 0 }}>
        <Button type="primary" htmlType="submit" size="large" block loading={isLoading}>
          Start Free Trial
        </Button>
      </Form.Item>
    </Form>
  );
}
