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
          transport: smtpServer(config) ?? { jsonTransport: true },
          defaults: { from: config.get('MAIL_FROM', { infer: true }) },
        }) as MailerOptions,
    }),
  ],
  providers: [OutboxRepository, OutboxService, OutboxWorker, OutboxRetentionService, RecipientLimitService],
  exports: [OutboxService, OutboxWorker, RecipientLimitService],
})
export class MailModule {}
