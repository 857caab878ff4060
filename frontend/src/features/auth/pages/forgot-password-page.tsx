import { useForgotPasswordMutation } from '../api';
import { EmailLinkRequest } from '../components/email-link-request';

/** docs/product.md#accounts-and-sign-in: the same words whether or not the account exists. */
export const RESET_LINK_SENT_MESSAGE =
  'If an account exists with that email, a password reset link has been sent.';

export function ForgotPasswordPage() {
  const [forgotPassword, { isLoading }] = useForgotPasswordMutation();
  return (
    <EmailLinkRequest
      send={async (request) =>
        (await forgotPassword({ emailRequestDto: request }).unwrap()).message
      }
      sending={isLoading}
      title="Forgot your password?"
      intro="Enter your email address and your organisation's subdomain, and we will email you a link to choose a new password."
      schoolIntro={(school) =>
        `Enter the email address of your account at ${school}, and we will email you a link to choose a new password.`
      }
      formName="forgot-password"
      submitLabel="Send Reset Link"
      sentMessage={RESET_LINK_SENT_MESSAGE}
      fixedMessage
      sentDetail="The link works once and expires after 30 minutes. If nothing arrives, check your spam folder and that the email and organisation are right."
      failureMessage="Failed to send reset email"
    />
  );
}
