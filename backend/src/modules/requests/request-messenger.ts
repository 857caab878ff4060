import { Injectable } from '@nestjs/common';
import { OutboxService } from '../mail/outbox.service';
import { type NewNotification, NotificationsService } from '../notifications/notifications.service';
import type { PersonLetter } from './request-emails';

/**
 * Tells people about their duties and requests: each letter's email goes to the outbox and its
 * notification to the app's bell, both in the caller's transaction, so a change and its messages
 * commit or roll back together (docs/product.md#notifications). Every message of the requests
 * module goes through here, so no change notifies by email only.
 */
@Injectable()
export class RequestMessenger {
  constructor(
    private readonly outbox: OutboxService,
    private readonly notifications: NotificationsService,
  ) {}

  send(letters: PersonLetter | PersonLetter[]): void {
    const all = Array.isArray(letters) ? letters : [letters];
    for (const l of all) this.outbox.enqueueLetter(l.email);
    this.notifications.notify(all.map((l) => l.notice));
  }

  /** Notifications with no email (offers, approvals to make, withdrawals, expiries). */
  notify(notices: NewNotification[]): void {
    this.notifications.notify(notices);
  }

  /** The open notifications of these kinds about the request are read: there is nothing left to act on. */
  markReadAbout(subjectId: string, kinds: Parameters<NotificationsService['markReadAbout']>[1]): Promise<void> {
    return this.notifications.markReadAbout(subjectId, kinds);
  }
}
