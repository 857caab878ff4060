import { Button, Flex, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';

import { getServerMessage } from '@/shared/api/errors';
import { useToast } from '@/shared/ui/toast';

import type { EmailRequestDto } from '../api';
import { currentHostSubdomain } from '../lib/host-subdomain';
import { useSignInHost } from '../session/host';
import { readLastOrganization } from '../session/last-organization';
import { useCurrentUser } from '../session/session';
import { SIGN_IN_STATE } from '../session/sign-in-intent';
import { AuthCard } from './auth-card';
import { EmailRequestForm } from './email-request-form';

interface EmailLinkRequestProps {
  /** Sends the request; resolves with the server's message, if any. */
  send: (request: EmailRequestDto) => Promise<string | undefined>;
  sending: boolean;
  title: string;
  intro: string;
  /** The intro on a school's own address, where no subdomain is asked for. */
  schoolIntro: (schoolName: string) => string;
  formName: string;
  submitLabel: string;
  /** Shown once sent: the neutral answer (the server's, unless `fixedMessage`). */
  sentMessage: string;
  /** Show `sentMessage` even when the server words it differently (spec-fixed texts). */
  fixedMessage?: boolean;
  sentDetail: string;
  failureMessage: string;
  /** Signed-in users go back to the dashboard instead of the sign-in form. */
  backToDashboardWhenSignedIn?: boolean;
}

/**
 * The shape shared by "forgot password" and "resend verification": email and organisation,
 * then a confirmation that reveals nothing about the account, with a way to send another.
 */
export function EmailLinkRequest(props: EmailLinkRequestProps) {
  const toast = useToast();
  const navigate = useNavigate();
  const current = useCurrentUser();
  const toDashboard = Boolean(current) && props.backToDashboardWhenSignedIn === true;
  const [values, setValues] = useState<EmailRequestDto>(() => ({
    email: current?.user.email ?? '',
    // The page's own host names the organisation best; otherwise the one last signed in to here.
    organizationSubdomain:
      current?.organization.subdomain ?? (currentHostSubdomain() || readLastOrganization()),
  }));
  const [sentMessage, setSentMessage] = useState<string>();
  // On a school's own address (docs/product.md#accounts-and-sign-in) the address names the school.
  const host = useSignInHost();
  const school = host.kind === 'organization' ? host : undefined;

  const submit = async (request: EmailRequestDto) => {
    // Kept so "Send Another Email" reopens the form as it was, e.g. to fix a typo.
    setValues(request);
    try {
      const message = await props.send(school ? { email: request.email } : request);
      setSentMessage(props.fixedMessage ? props.sentMessage : message || props.sentMessage);
    } catch (error) {
      toast({
        variant: 'destructive',
        description: getServerMessage(error) ?? props.failureMessage,
      });
    }
  };

  if (sentMessage) {
    return (
      <AuthCard title="Check your email">
        <Typography.Paragraph>{sentMessage}</Typography.Paragraph>
        <Typography.Paragraph type="secondary">{props.sentDetail}</Typography.Paragraph>
        <Flex vertical gap="small">
          <Button
            type="primary"
            size="large"
            block
            onClick={() => void navigate('/', { state: toDashboard ? undefined : SIGN_IN_STATE })}
          >
            {toDashboard ? 'Back to Dashboard' : 'Back to Login'}
          </Button>
          <Button size="large" block onClick={() => setSentMessage(undefined)}>
            Send Another Email
          </Button>
        </Flex>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={props.title} intro={school ? props.schoolIntro(school.name) : props.intro}>
      <EmailRequestForm
        askOrganization={!school}
        name={props.formName}
        initialValues={values}
        submitLabel={props.submitLabel}
        submitting={props.sending}
        onSubmit={(request) => void submit(request)}
        footer={
          <Flex justify="center">
            <Link to="/" state={toDashboard ? undefined : SIGN_IN_STATE}>
              {toDashboard ? 'Back to Dashboard' : 'Back to Login'}
            </Link>
          </Flex>
        }
      />
    </AuthCard>
  );
}
