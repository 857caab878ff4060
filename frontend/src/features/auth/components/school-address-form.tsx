import { Button, Flex, Form, Typography } from 'antd';
import Input from 'antd/es/input/Input';
import { Link } from 'react-router';

import { loadPage } from '@/shared/lib/page-load';

import { lowerCase, organizationRules } from '../lib/validation';
import { addressOf } from '../session/host';
import { readLastOrganization, rememberLastOrganization } from '../session/last-organization';

interface SchoolAddressValues {
  organizationSubdomain: string;
}

/** A subdomain is one label of a host name. */
const SUBDOMAIN = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;

/**
 * Sign In on the bare domain when organisations have their own addresses
 * (docs/product.md#accounts-and-sign-in): no password is typed here. It asks which school and
 * goes to that school's address, where its Sign In form asks for email and password.
 */
export function SchoolAddressForm({ baseDomain }: { baseDomain: string }) {
  const submit = ({ organizationSubdomain }: SchoolAddressValues) => {
    rememberLastOrganization(organizationSubdomain);
    loadPage(addressOf(baseDomain, organizationSubdomain, '/login'));
  };

  return (
    <Form<SchoolAddressValues>
      name="school-address"
      layout="vertical"
      noValidate
      initialValues={{ organizationSubdomain: readLastOrganization() }}
      onFinish={submit}
    >
      <Typography.Paragraph type="secondary">
        Each organisation has its own Duty Manager address. Enter yours to go to its sign-in page.
      </Typography.Paragraph>
      <Form.Item
        label="Organization subdomain"
        name="organizationSubdomain"
        validateFirst
        normalize={lowerCase}
        extra={`The short name your organisation signed up with: hillside for hillside.${baseDomain}.`}
        rules={[
          ...organizationRules,
          {
            pattern: SUBDOMAIN,
            message: 'Subdomain can only contain lowercase letters, numbers, and hyphens',
          },
        ]}
      >
        <Input
          autoComplete="organization"
          autoCapitalize="none"
          spellCheck={false}
          suffix={<Typography.Text type="secondary">.{baseDomain}</Typography.Text>}
        />
      </Form.Item>
      <Form.Item style={{ marginBottom: 16 }}>
        <Button type="primary" htmlType="submit" size="large" block>
          Continue
        </Button>
      </Form.Item>
      <Flex justify="center">
        <Link to="/find-school">Forgot your organisation&apos;s address? Find your school</Link>
      </Flex>
    </Form>
  );
}
