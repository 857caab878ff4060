import { Button, Flex, Form, Typography } from 'antd';
import Password from 'antd/es/input/Password';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';

import { loadPage } from '@/shared/lib/page-load';
import { queueToast, useToast } from '@/shared/ui/toast';

import { useLoginMutation } from '../api';
import { authFailureToast } from '../lib/auth-failure';
import { currentHostSubdomain } from '../lib/host-subdomain';
import { passwordRules } from '../lib/validation';
import { useSignInHost } from '../session/host';
import { rememberLastOrganization } from '../session/last-organization';
import { useStartSession } from '../session/session';
import { signInPrefill } from '../session/sign-in-intent';
import { EmailField, OrganizationSubdomainField } from './account-fields';
import { ProviderSignInAlert, ProviderSignInButtons } from './provider-sign-in';
import { TwoFactorStep } from './two-factor-step';

interface SignInValues {
  email: string;
  password: string;
  /** Not asked on a school's own address, which names the school. */
  organizationSubdomain?: string;
}

export function SignInForm() {
  const [login, { isLoading }] = useLoginMutation();
  const startSession = useStartSession();
  const toast = useToast();
  // Arriving from "Back to Login" after a password reset, the form is filled in for that account.
  const prefill = signInPrefill(useLocation().state);
  // On a school's own address (docs/product.md#accounts-and-sign-in) the address names the school.
  const host = useSignInHost();
  const school = host.kind === 'organization' ? host : undefined;

  // Kept here, so "Back to Login" from the second step finds what was typed.
  const [form] = Form.useForm<SignInValues>();
  // The second step, when the account has two-step verification on.
  const [secondStep, setSecondStep] = useState<{ challenge: string; values: SignInValues }>();

  const finish = (token: string, values: SignInValues) => {
    startSession(token);
    rememberLastOrganization(school?.subdomain ?? values.organizationSubdomain ?? '');
    // docs/product.md#texts-on-screen: signing in ends with a full reload to /, so the toast waits for the new page.
    queueToast({ title: 'Welcome back!', description: 'You are signed in.' });
    loadPage('/');
  };

  const submit = async (values: SignInValues) => {
    let result: { token?: string; challenge?: string };
    try {
      const loginDto = school ? { email: values.email, password: values.password } : values;
      result = await login({ loginDto }).unwrap();
    } catch (error) {
      toast(authFailureToast(error, 'Login failed', 'Invalid credentials'));
      return;
    }
    if (result.token) finish(result.token, values);
    else if (result.challenge) setSecondStep({ challenge: result.challenge, values });
  };

  if (secondStep) {
    return (
      <TwoFactorStep
        challenge={secondStep.challenge}
        onSignedIn={(token) => finish(token, secondStep.values)}
        onCancel={() => setSecondStep(undefined)}
      />
    );
  }

  return (
    <Form<SignInValues>
      form={form}
      name="sign-in"
      layout="vertical"
      noValidate
      disabled={isLoading}
      initialValues={{
        email: prefill.email,
        organizationSubdomain: prefill.organizationSubdomain ?? currentHostSubdomain(),
      }}
      onFinish={(values) => void submit(values)}
    >
      {school && (
        <Typography.Paragraph>
          Sign in to <Typography.Text strong>{school.name}</Typography.Text>
        </Typography.Paragraph>
      )}
      <ProviderSignInAlert />
      <EmailField invalidMessage="Invalid email address" />
      <Form.Item label="Password" name="password" validateFirst rules={passwordRules}>
        <Password autoComplete="current-password" />
      </Form.Item>
      {!school && <OrganizationSubdomainField />}
      <Flex justify="end" style={{ marginBottom: 16 }}>
        <Link to="/forgot-password">Forgot your password?</Link>
      </Flex>
      <Form.Item style={{ marginBottom: 0 }}>
        <Button type="primary" htmlType="submit" size="large" block loading={isLoading}>
          Sign In
        </Button>
      </Form.Item>
      <ProviderSignInButtons organization={school?.subdomain} />
    </Form>
  );
}
