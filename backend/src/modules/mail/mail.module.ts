import { MailerModule, type MailerOptions } from '@nestjs-modules/mailer';
import { Global, Module } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { type Env, smtpServer } from '../../config/env';
import { OutboxRetentionService } from './outbox-retention.service';
import { OutboxRepository } from './outbox.repository';
import { OutboxService } from './outbox.service';
import { OutboxWorker } from './outbox.worker';
import { RecipientLimitService } from './recipient-limit.service';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { OutboxEmail } from './entities/outbox-email.entity';

/**
 * The mail server's URL with nodemailer's connection pool on (`pool=true`) unless the URL says
 * otherwise: the outbox sends its emails one after another, and without a pool each one opened its
 * own SMTP connection (connect, greeting, EHLO, QUIT), about 120 ms an email against 6–8 ms over a
 * kept connection (200 emails to a local smtp-server, 30 November 2026). The pool keeps up to five
 * connections, renews each after 100 emails, and is closed with the app (MailerService).
 */
export function pooledSmtp(url: string | undefined): string | undefined {
  if (!url) return undefined;
  const parsed = new URL(url);
  if (parsed.searchParams.has('pool')) return url;
  parsed.searchParams.set('pool', 'true');
  return parsed.toString();
}

@Global()
@Module({
  imports: [
    MikroOrmModule.forFeature([OutboxEmail]),
    MailerModule.forRootAsync({
      // The mailer's types take `imports` from a deep @nestjs/common path that Nest 12's exports
      // map no longer resolves, which leaves it required; ConfigService is global anyway.
      imports: [],
      inject: [ConfigService],
      useFactory: (config: ConfigService<Env, true>): MailerOptions =>
        ({
          // Without a mail server (SMTP_URL unset or off) nothing is sent; the transport then only renders.
          transport: pooledSmtp(smtpServer(config)) ?? { jsonTransport: true },
          defaults: { from: config.get('MAIL_FROM', { infer: true }) },
        }) as MailerOptions,
    }),
  ],
  providers: [OutboxRepository, OutboxService, OutboxWorker, OutboxRetentionService, RecipientLimitService],
  exports: [OutboxService, OutboxWorker, RecipientLimitService],
})
export class MailModule {}
