import { Button, Flex, Form, Input } from 'antd';
import { Link } from 'react-router';

import { loadPage } from '@/shared/lib/page-load';
import { queueToast, useToast } from '@/shared/ui/toast';

import { useLoginMutation } from '../api';
import { authFailureToast } from '../lib/auth-failure';
import { currentHostSubdomain } from '../lib/host-subdomain';
import {
  emailRules,
  lowerCase,
  organizationRules,
  passwordRules,
  withoutSpaces,
} from '../lib/validation';
import { useStartSession } from '../session/session';

interface SignInValues {
  email: string;
  password: string;
  organizationSubdomain: string;
}

export function SignInForm() {
  const [login, { isLoading }] = useLoginMutation();
  const startSession = useStartSession();
  const toast = useToast();

  const submit = async (values: SignInValues) => {
    let token: string;
    try {
      ({ token } = await login({ loginDto: values }).unwrap());
    } catch (error) {
      toast(authFailureToast(error, 'Login failed', 'Invalid credentials'));
      return;
    }
    startSession(token);
    // Spec §8: signing in ends with a full reload to /, so the toast waits for the new page.
    queueToast({ title: 'Welcome back!', description: 'You are signed in.' });
    loadPage('/');
  };

  return (
    <Form<SignInValues>
      name="sign-in"
      layout="vertical"
      noValidate
      disabled={isLoading}
      initialValues={{ organizationSubdomain: currentHostSubdomain() }}
      onFinish={(values) => void submit(values)}
    >
      <Form.Item
        label="Email"
        name="email"
        validateFirst
        normalize={withoutSpaces}
        rules={emailRules('Invalid email address')}
      >
        <Input type="email" autoComplete="email" />
      </Form.Item>
      <Form.Item label="Password" name="password" validateFirst rules={passwordRules}>
        <Input.Password autoComplete="current-password" />
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
      <Flex justify="end" style={{ marginBottom: 16 }}>
        <Link to="/forgot-password">Forgot your password?</Link>
      </Flex>
      <Form.Item style={{ marginBottom: 0 }}>
        <Button type="primary" htmlType="submit" size="large" block loading={isLoading}>
          Sign In
        </Button>
      </Form.Item>
    </Form>
  );
}
