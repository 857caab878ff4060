import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { TenantContext } from '../../tenancy/tenant-context';
import { type OutboxAttachment, OutboxEmail } from './entities/outbox-email.entity';

export interface NewEmail {
  kind: string;
  /**
   * True when the email carries anything that grants access: a one-time link or token (password
   * reset, invitation, email verification or change…), in the text, the HTML or an attachment.
   * Its body is then not kept at rest: the worker replaces it with REDACTED_TEXT in the statement
   * that records it sent, simulated or failed. Required, so every new email states it.
   */
  containsAccessLink: boolean;
  to: string;
  subject: string;
  html: string;
  text: string;
  dedupeKey?: string;
  attachments?: OutboxAttachment[];
}

@Injectable()
export class OutboxService {
  /**
   * Queues an email in the caller's unit of work: it is written in the same transaction as
   * the change that causes it; its commit wakes the worker (OutboxCommitSubscriber), so it goes out at once.
   * It belongs to the organisation of the current context, like every tenant-scoped insert; one
   * queued outside any organisation's context is a platform email (no organisation).
   */
  enqueue(em: EntityManager, email: NewEmail): OutboxEmail {
    const row = em.create(OutboxEmail, {
      kind: email.kind,
      to: email.to,
      subject: email.subject,
      html: email.html,
      text: email.text,
      attachments: email.attachments,
      containsAccessLink: email.containsAccessLink,
      dedupeKey: email.dedupeKey,
      organization: TenantContext.current(),
    });
    return row;
  }
}
