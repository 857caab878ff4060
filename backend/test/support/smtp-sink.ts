import { EventEmitter } from 'node:events';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedEmail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  messageId: string;
  attachments: { filename?: string; contentType: string; content: string }[];
}

/**
 * A real SMTP server in the test process: the app sends to it over TCP exactly as it would to
 * a mail provider, and tests read what arrived. `failNext(n)` makes the next n deliveries fail
 * with a temporary error, to exercise retries.
 */
export class SmtpSink {
  readonly received: ReceivedEmail[] = [];
  private readonly events = new EventEmitter();
  private failures = 0;
  private server?: SMTPServer;
  port = 0;

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  async start(): Promise<this> {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData: (stream, _session, callback) => {
        if (this.failures > 0) {
          this.failures -= 1;
          stream.resume();
          stream.on('end', () => callback(Object.assign(new Error('Try again later'), { responseCode: 451 })));
          return;
        }
        simpleParser(stream)
          .then((mail) => {
            const to = (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((a) =>
              a.value.map((v) => v.address ?? ''),
            );
            const email: ReceivedEmail = {
              to,
              subject: mail.subject ?? '',
              text: mail.text ?? '',
              html: typeof mail.html === 'string' ? mail.html : '',
              messageId: mail.messageId ?? '',
              attachments: mail.attachments.map((a) => ({
                filename: a.filename,
                contentType: a.contentType,
                content: a.content.toString('utf8'),
              })),
            };
            this.received.push(email);
            this.events.emit('email', email);
            callback();
          })
          .catch(callback);
      },
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', () => resolve()));
    this.port = (this.server.server.address() as AddressInfo).port;
    return this;
  }

  failNext(count: number): void {
    this.failures = count;
  }

  /** Resolves with the first email (already received or arriving later) that matches. */
  waitFor(match: (email: ReceivedEmail) => boolean, timeoutMs = 10_000): Promise<ReceivedEmail> {
    const found = this.received.find(match);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.events.off('email', onEmail);
        reject(new Error(`No matching email within ${timeoutMs} ms; received: ${this.received.map((e) => `${e.to} "${e.subject}"`).join(', ')}`));
      }, timeoutMs);
      const onEmail = (email: ReceivedEmail) => {
        if (!match(email)) return;
        clearTimeout(timer);
        this.events.off('email', onEmail);
        resolve(email);
      };
      this.events.on('email', onEmail);
    });
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

/** The first link in an email's text that contains `path`, e.g. `/verify-email?token=`. */
export function linkIn(email: ReceivedEmail, path: string): URL {
  const match = email.text.match(new RegExp(`https?://\\S*${path.replace(/[?]/g, '\\?')}\\S*`));
  if (!match) throw new Error(`No link containing ${path} in:\n${email.text}`);
  return new URL(match[0]);
}
