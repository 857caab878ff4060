import { useResendVerificationMutation } from '../api';
import { EmailLinkRequest } from '../components/email-link-request';

/** Where the verify screen's "Resend Verification Email" leads (docs/product.md#accounts-and-sign-in). */
export function ResendVerificationPage() {
  const [resendVerification, { isLoading }] = useResendVerificationMutation();
  return (
    <EmailLinkRequest
      send={async (request) =>
        (await resendVerification({ emailRequestDto: request }).unwrap()).message
      }
      sending={isLoading}
      title="Resend verification email"
      intro="Enter your email address and your organisation's subdomain, and we will send you a new link to confirm your email address."
      schoolIntro={(school) =>
        `Enter the email address of your account at ${school}, and we will send you a new link to confirm it.`
      }
      formName="resend-verification"
      submitLabel="Send Verification Email"
      sentMessage="If that account still needs verifying, a new verification email has been sent."
      sentDetail="The new link is valid for 24 hours and replaces any earlier one."
      failureMessage="Failed to send verification email"
      backToDashboardWhenSignedIn
    />
  );
}
