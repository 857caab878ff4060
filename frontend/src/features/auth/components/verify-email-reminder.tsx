import { MailOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Space } from 'antd';
import type { ReactNode } from 'react';

import { getServerMessage } from '@/shared/api/errors';
import { useToast } from '@/shared/ui/toast';

import { useResendVerificationMutation } from '../api';

export const VERIFY_REMINDER_TITLE = 'Please verify your email address';

/**
 * Reminds someone whose sign-in email is not verified yet what verifying is for, and sends the
 * link again (docs/product.md#accounts-and-sign-in: signing in does not wait for it). Shown on the
 * Dashboard and the Account page until the link is followed.
 */
export function VerifyEmailReminder({
  email,
  organizationSubdomain,
  extra,
}: {
  email: string;
  organizationSubdomain: string;
  /** More actions beside the resend button (the Dashboard links to the Account page). */
  extra?: ReactNode;
}) {
  const [resend, { isLoading }] = useResendVerificationMutation();
  const toast = useToast();

  const send = async () => {
    try {
      await resend({ emailRequestDto: { email, organizationSubdomain } }).unwrap();
      toast({
        title: 'Verification email sent',
        description: `We have sent a new link to ${email}. It is valid for 24 hours.`,
      });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Error',
        description: getServerMessage(error) ?? 'Failed to send the verification email',
      });
    }
  };

  return (
    <Alert
      type="warning"
      showIcon
      title={VERIFY_REMINDER_TITLE}
      // The buttons under the words, not beside them: on a phone an action column squeezes both.
      description={
        <Flex vertical gap="small" align="start">
          <span>
            Open the link we sent to {email}. It shows the address is right and yours: password
            resets, duty reminders and news of requests go there, so a mistyped address could leave
            you unable to get back in. If it is wrong, change it on your Account page.
          </span>
          <Space wrap>
            <Button
              size="small"
              icon={<MailOutlined aria-hidden />}
              loading={isLoading}
              onClick={() => void send()}
            >
              Resend verification email
            </Button>
            {extra}
          </Space>
        </Flex>
      }
    />
  );
}
