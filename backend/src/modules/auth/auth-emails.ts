import { emailDocument, escapeHtml, paragraphs } from '../../common/text/html';
import type { NewEmail } from '../mail/outbox.service';

interface LinkEmail {
  to: string;
  name: string;
  organizationName: string;
  link: string;
}

/** Paragraphs (already escaped), the link's button, then paragraphs after it. */
function layout(escaped: string[], link: string, button: string, after: string[] = []): string {
  const body = escaped.map((p) => `<p>${p}</p>`).join('\n');
  const tail = after.map((p) => `\n<p>${p}</p>`).join('');
  return emailDocument(`${body}
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 16px;background:#1677ff;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(button)}</a></p>
<p style="color:#666;font-size:13px">If the button does not work, copy this address into your browser:<br>${escapeHtml(link)}</p>${tail}`);
}

export function verificationEmail(e: LinkEmail): NewEmail {
  const intro = `Hello ${e.name},`;
  const why = `Please confirm your email address for Duty Manager at ${e.organizationName}. The link is valid for 24 hours.`;
  return {
    kind: 'email-verification',
    to: e.to,
    containsAccessLink: true,
    subject: 'Verify your email for Duty Manager',
    html: layout([escapeHtml(intro), escapeHtml(why)], e.link, 'Verify email'),
    text: `${intro}\n\n${why}\n\n${e.link}\n`,
  };
}

export function passwordResetEmail(e: LinkEmail): NewEmail {
  const intro = `Hello ${e.name},`;
  const why =
    `Someone asked to reset the password of your Duty Manager account at ${e.organizationName}. ` +
    'The link is valid for 30 minutes and works once. If it was not you, ignore this email: your password stays as it is.';
  return {
    kind: 'password-reset',
    to: e.to,
    containsAccessLink: true,
    subject: 'Reset your Duty Manager password',
    html: layout([escapeHtml(intro), escapeHtml(why)], e.link, 'Reset password'),
    text: `${intro}\n\n${why}\n\n${e.link}\n`,
  };
}

export function invitationEmail(
  e: LinkEmail & {
    invitedBy: string;
    organizationSubdomain: string;
    signInAddress: string;
    /** The sign-in address is the organisation's own (APP_BASE_DOMAIN): no subdomain to type there. */
    ownAddress: boolean;
  },
): NewEmail {
  const intro = `Hello ${e.name},`;
  const why =
    `${e.invitedBy} has invited you to Duty Manager at ${e.organizationName}, where you can see the duty rota, ` +
    'ask for swaps and record when you are away. Choose a password with the button below; the link is valid for 7 days ' +
    'and signs you in.';
  // The invitee has never signed in: say where and with what, so they can come back without asking anyone.
  const later = e.ownAddress
    ? `To sign in later, go to ${e.signInAddress}, ${e.organizationName}'s own address, and sign in with this email address and your password.`
    : `To sign in later, go to ${e.signInAddress} and sign in to ${e.organizationName} with this email address, ` +
      `your password and the organisation subdomain "${e.organizationSubdomain}".`;
  return {
    kind: 'invitation',
    to: e.to,
    containsAccessLink: true,
    subject: `You're invited to Duty Manager at ${e.organizationName}`,
    html: layout([escapeHtml(intro), escapeHtml(why)], e.link, 'Choose a password', [escapeHtml(later)]),
    text: `${intro}\n\n${why}\n\n${e.link}\n\n${later}\n`,
  };
}

export function emailChangeConfirmationEmail(e: LinkEmail & { requestedBy: string; needsApproval: boolean }): NewEmail {
  const intro = `Hello ${e.name},`;
  const why =
    `${e.requestedBy} asked to make this address the sign-in email of your Duty Manager account at ${e.organizationName}. ` +
    'Confirm that this address is yours with this link, which is valid for 24 hours and works once. ' +
    (e.needsApproval ? 'The change also needs the approval of the account\'s owner, asked for at its current address. ' : '') +
    'When it takes effect you are signed out everywhere; then sign in with this address.';
  return {
    kind: 'email-change',
    to: e.to,
    containsAccessLink: true,
    subject: 'Confirm your new Duty Manager sign-in email',
    html: layout([escapeHtml(intro), escapeHtml(why)], e.link, 'Confirm new email'),
    text: `${intro}\n\n${why}\n\n${e.link}\n`,
  };
}

/**
 * To the current address when someone else asked for the change: nothing happens unless the
 * owner approves it with this link (or while signed in), so a change nobody asked for is stopped.
 */
export function emailChangeApprovalEmail(e: LinkEmail & { newEmail: string; requestedBy: string }): NewEmail {
  const intro = `Hello ${e.name},`;
  const why =
    `${e.requestedBy} asked to change the sign-in email of your Duty Manager account at ${e.organizationName} ` +
    `from this address to ${e.newEmail}. Nothing changes unless you approve it with this link (valid 24 hours), ` +
    'and the new address confirms it.';
  const warn = 'If you did not ask for this, do not approve it: ignore this email and tell your administrator.';
  return {
    kind: 'email-change-approval',
    to: e.to,
    containsAccessLink: true,
    subject: 'Approve the change of your Duty Manager sign-in email',
    html: layout([escapeHtml(intro), escapeHtml(why)], e.link, 'Approve the change', [escapeHtml(warn)]),
    text: `${intro}\n\n${why}\n\n${e.link}\n\n${warn}\n`,
  };
}

/** To the old address when the owner asked for the change themselves: no link, just the news. */
export function emailChangeNoticeEmail(e: Omit<LinkEmail, 'link'> & { newEmail: string; requestedBy: string }): NewEmail {
  const intro = `Hello ${e.name},`;
  const why =
    `${e.requestedBy} asked to change the sign-in email of your Duty Manager account at ${e.organizationName} ` +
    `from this address to ${e.newEmail}. Nothing changes unless the new address confirms it. ` +
    'If you did not expect this, contact your administrator.';
  return {
    kind: 'email-change-notice',
    to: e.to,
    containsAccessLink: false,
    subject: 'Your Duty Manager sign-in email is being changed',
    html: emailDocument(paragraphs([intro, why])),
    text: `${intro}\n\n${why}\n`,
  };
}

/**
 * To the account's address when its password was changed while signed in: no link, just the news,
 * so someone who did not change it knows at once (a reset from "Forgot password" starts there).
 */
export function passwordChangedEmail(e: Omit<LinkEmail, 'link'>): NewEmail {
  const intro = `Hello ${e.name},`;
  const why =
    `The password of your Duty Manager account at ${e.organizationName} has just been changed, and every other ` +
    'session of the account has been signed out. If it was not you, choose a new password with "Forgot your ' +
    'password?" on the sign-in page at once, and tell your administrator.';
  return {
    kind: 'password-changed',
    to: e.to,
    containsAccessLink: false,
    subject: 'Your Duty Manager password was changed',
    html: emailDocument(paragraphs([intro, why])),
    text: `${intro}\n\n${why}\n`,
  };
}

export interface ListedOrganization {
  name: string;
  subdomain: string;
  /** Where its members sign in: its own address's sign-in page. */
  signInUrl: string;
}

/**
 * "Find your school": every organisation where the address has an active account, each with its
 * sign-in link. No access link: the links open sign-in pages. `ownAddresses`: each organisation
 * has its own address (APP_BASE_DOMAIN), so no subdomain needs typing.
 */
export function organizationListEmail(e: { to: string; organizations: ListedOrganization[]; ownAddresses: boolean }): NewEmail {
  const intro = 'Hello,';
  const why =
    'Someone, hopefully you, asked which organisations this email address can sign in to on Duty Manager. ' +
    (e.organizations.length === 1 ? 'It has an account with one:' : `It has an account with ${e.organizations.length}:`);
  const line = (o: ListedOrganization) =>
    e.ownAddresses ? `${o.name}: ${o.signInUrl}` : `${o.name} (organisation subdomain "${o.subdomain}"): ${o.signInUrl}`;
  const after = 'If it was not you, you can ignore this email: nothing has changed.';
  const items = e.organizations
    .map((o) => {
      const label = e.ownAddresses ? escapeHtml(o.name) : `${escapeHtml(o.name)} (organisation subdomain "${escapeHtml(o.subdomain)}")`;
      return `<li>${label}: <a href="${escapeHtml(o.signInUrl)}">${escapeHtml(o.signInUrl)}</a></li>`;
    })
    .join('\n');
  return {
    kind: 'organization-list',
    to: e.to,
    containsAccessLink: false,
    subject: 'Your Duty Manager sign-in addresses',
    html: emailDocument(`${paragraphs([intro, why])}
<ul>
${items}
</ul>
${paragraphs([after])}`),
    text: `${intro}\n\n${why}\n\n${e.organizations.map((o) => `- ${line(o)}`).join('\n')}\n\n${after}\n`,
  };
}
