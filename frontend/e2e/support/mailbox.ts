import { expect, type APIRequestContext } from '@playwright/test';

export interface ReceivedEmail {
  to: string[];
  subject: string;
  text: string;
}

/** The e2e SMTP server's list of received emails (its port is chosen by e2e/support/ports.ts). */
const mailboxUrl = `http://127.0.0.1:${process.env.E2E_MAILBOX_PORT}/messages`;

/** Waits until the e2e SMTP server has received an email to `to` whose subject matches. */
export async function waitForEmail(
  request: APIRequestContext,
  to: string,
  subject: RegExp,
): Promise<ReceivedEmail> {
  let found: ReceivedEmail | undefined;
  await expect
    .poll(
      async () => {
        const messages = (await (await request.get(mailboxUrl)).json()) as ReceivedEmail[];
        found = messages.filter((m) => m.to.includes(to) && subject.test(m.subject)).at(-1);
        return Boolean(found);
      },
      { message: `an email to ${to} with subject ${subject}`, timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

/** The path and query of the first link in the email that contains `path` (e.g. "/reset-password"). */
export function linkPath(email: ReceivedEmail, path: string): string {
  const url = linkUrl(email, path);
  return `${url.pathname}${url.search}`;
}

/** The whole first link in the email that contains `path`, address included. */
export function linkUrl(email: ReceivedEmail, path: string): URL {
  const match = email.text.match(new RegExp(`https?://\\S*${path}\\S*`));
  if (!match) throw new Error(`No ${path} link in: ${email.text}`);
  return new URL(match[0]);
}
