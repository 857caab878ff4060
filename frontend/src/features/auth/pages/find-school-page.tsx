import { Button, Flex, Form, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';

import { getServerMessage } from '@/shared/api/errors';
import { useToast } from '@/shared/ui/toast';

import { useFindOrganizationsMutation } from '../api';
import { AuthCard } from '../components/auth-card';
import { EmailField } from '../components/account-fields';
import { SIGN_IN_STATE } from '../session/sign-in-intent';

/** The server's words; shown whatever it answers, like the other neutral confirmations. */
export const SCHOOL_LIST_SENT_MESSAGE =
  'If that email address has an account with any organisation, we have sent it a list of them with their sign-in links.';

interface FindSchoolValues {
  email: string;
}

/**
 * "Find your school" (docs/product.md#accounts-and-sign-in): an email address gets a list of the
 * organisations it can sign in to, each with its sign-in link. The confirmation is the same
 * whether or not the address has any.
 */
export function FindSchoolPage() {
  const [findOrganizations, { isLoading }] = useFindOrganizationsMutation();
  const toast = useToast();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);

  const submit = async (values: FindSchoolValues) => {
    setEmail(values.email);
    try {
      await findOrganizations({ findOrganizationsDto: { email: values.email } }).unwrap();
      setSent(true);
    } catch (error) {
      toast({
        variant: 'destructive',
        description: getServerMessage(error) ?? 'Failed to send the email',
      });
    }
  };

  if (sent) {
    return (
      <AuthCard title="Check your email">
        <Typography.Paragraph>{SCHOOL_LIST_SENT_MESSAGE}</Typography.Paragraph>
        <Typography.Paragraph type="secondary">
          Open a link from the email to go to your organisation&apos;s sign-in page. If nothing
          arrives, check your spam folder and that this is the address your organisation knows.
        </Typography.Paragraph>
        <Flex vertical gap="small">
          <Button
            type="primary"
            size="large"
            block
            onClick={() => void navigate('/', { state: SIGN_IN_STATE })}
          >
            Back to Login
          </Button>
          <Button size="large" block onClick={() => setSent(false)}>
            Send Another Email
          </Button>
        </Flex>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Find your school"
      intro="Enter your email address, and we will email you a link to the sign-in page of each organisation you belong to."
    >
      <Form<FindSchoolValues>
        name="find-school"
        layout="vertical"
        noValidate
        disabled={isLoading}
        initialValues={{ email }}
        onFinish={(values) => void submit(values)}
      >
        <EmailField invalidMessage="Invalid email format" />
        <Form.Item style={{ marginBottom: 16 }}>
          <Button type="primary" htmlType="submit" size="large" block loading={isLoading}>
            Send Sign-In Links
          </Button>
        </Form.Item>
        <Flex justify="center">
          <Link to="/" state={SIGN_IN_STATE}>
            Back to Login
          </Link>
        </Flex>
      </Form>
    </AuthCard>
  );
}
