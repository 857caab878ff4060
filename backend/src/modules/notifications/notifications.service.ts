import { Injectable, NotFoundException } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth-user';
import { Clock } from '../../common/clock/clock';
import type { ErasedPerson } from '../../common/erasure/erased-person';
import { UnitOfWork } from '../../database/unit-of-work';
import type { NotificationDto } from './dto/notification.dto';
import type { NotificationsDto } from './dto/notifications.dto';
import type { Notification, NotificationKind } from './entities/notification.entity';
import { NotificationsRepository } from './notifications.repository';

/** The newest notifications a list shows. */
export const NOTIFICATIONS_SHOWN = 50;

export interface NewNotification {
  /** The signed-in person it is for; people who can't sign in get none (emails still go). */
  userId: string | null | undefined;
  kind: NotificationKind;
  text: string;
  link: string;
  subjectId?: string;
  /** Names the event, e.g. `swap:<id>:accepted`; the same key never notifies the same person twice. */
  eventKey: string;
}

/**
 * The in-app notifications (docs/product.md#notifications): the modules whose changes concern a
 * person add them in the transaction of the change, so they exist exactly when the change does.
 */
@Injectable()
export class NotificationsService {
  constructor(
    private readonly notifications: NotificationsRepository,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  /**
   * Adds notifications to the current unit of work; one per person and event, whoever asks twice.
   * A person is told once per change: a `duty_changed` notice to someone the transaction already
   * notified (a hand edit, then the rebalance after it) adds its words to that notice instead.
   */
  notify(notices: NewNotification[]): void {
    const seen = new Set<string>();
    const added = this.notifications.addedInTransaction();
    for (const n of notices) {
      if (!n.userId) continue;
      const key = `${n.userId}|${n.eventKey}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const earlier = added?.get(n.userId);
      if (earlier && n.kind === 'duty_changed') {
        if (earlier.text !== n.text) earlier.text = `${earlier.text}; ${n.text}`.slice(0, 500);
        continue;
      }
      const row = this.notifications.add({
        user: n.userId,
        kind: n.kind,
        text: n.text.slice(0, 500),
        link: n.link,
        subjectId: n.subjectId ?? null,
        eventKey: n.eventKey.slice(0, 200),
      });
      if (!earlier) added?.set(n.userId, row);
    }
  }

  /**
   * Marks as read the unread notifications about `subjectId` of `kinds` that are no longer for
   * their reader: an offer someone else took, a request someone else decided.
   */
  markReadAbout(subjectId: string, kinds: NotificationKind[]): Promise<void> {
    return this.notifications.markReadAbout(subjectId, kinds, this.clock.now());
  }

  /**
   * Erasure (docs/security.md#retention-and-erasure): the person's own notifications go, and
   * their names and addresses in everyone else's become their pseudonym. Returns how many of
   * theirs were deleted and how many others' were scrubbed.
   */
  async eraseOf(person: ErasedPerson): Promise<{ deleted: number; scrubbed: number }> {
    const deleted = person.userId ? await this.notifications.deleteOf(person.userId) : 0;
    return { deleted, scrubbed: await this.notifications.scrub(person.pattern, person.pseudonym) };
  }

  /** How many notifications the person with this account has (what erasing them deletes). */
  countOf(userId: string): Promise<number> {
    return this.notifications.countOf(userId);
  }

  async list(actor: AuthUser): Promise<NotificationsDto> {
    const [items, unread] = await Promise.all([
      this.notifications.findNewest(actor.id, NOTIFICATIONS_SHOWN),
      this.notifications.countUnread(actor.id),
    ]);
    return { unread, items: items.map(toDto) };
  }

  /** Every notification the person has, read or not, oldest first: their own data (docs/security.md, "Subject access"). */
  async allFor(userId: string): Promise<NotificationDto[]> {
    return (await this.notifications.findAllOf(userId)).map(toDto);
  }

  /** Marks one of the caller's notifications read; another person's is not found. */
  async markRead(actor: AuthUser, id: string): Promise<NotificationDto> {
    const n = await this.notifications.findOwn(actor.id, id);
    if (!n) throw new NotFoundException('Notification not found');
    if (!n.readAt) {
      n.readAt = this.clock.now();
      await this.unitOfWork.flush();
    }
    return toDto(n);
  }

  /** Marks every unread notification of the caller read. */
  async markAllRead(actor: AuthUser): Promise<NotificationsDto> {
    await this.notifications.markAllRead(actor.id, this.clock.now());
    return this.list(actor);
  }
}

function toDto(n: Notification): NotificationDto {
  return { id: n.id, kind: n.kind, text: n.text, link: n.link, createdAt: n.createdAt.toISOString(), readAt: n.readAt ? n.readAt.toISOString() : null };
}
