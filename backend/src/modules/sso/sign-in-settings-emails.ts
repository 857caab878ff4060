import { emailDocument, paragraphs } from '../../common/text/html';
import type { NewEmail } from '../mail/outbox.service';

/**
 * Told to every other admin when someone adds an identity provider or changes whom it trusts
 * (its issuer or client): a provider signs people in by their address, so a provider installed
 * with a stolen session would sign in as anyone. No link in it: the admin checks in the app.
 */
export function providerChangedEmail(e: {
  to: string;
  name: string;
  organizationName: string;
  changedBy: string;
  what: string;
}): NewEmail {
  const intro = `Hello ${e.name},`;
  const why =
    `${e.changedBy} ${e.what} for Duty Manager at ${e.organizationName}. ` +
    'People can now sign in through it with their email address. If you did not expect this, check the Sign-in section of the Admin Panel at once and tell your colleagues.';
  return {
    kind: 'sign-in-provider-changed',
    to: e.to,
    containsAccessLink: false,
    subject: 'A sign-in provider was changed for your organisation',
    html: emailDocument(paragraphs([intro, why])),
    text: `${intro}\n\n${why}\n`,
  };
}
