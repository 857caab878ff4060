import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { TenantContext } from '../../tenancy/tenant-context';
import { PerTransaction } from '../../database/per-transaction';
import { Notification, type NotificationKind } from './entities/notification.entity';

export type NewNotificationRow = Pick<Notification, 'kind' | 'text' | 'link' | 'subjectId' | 'eventKey'> & { user: string };

/** The one door to `notifications`. */
@Injectable()
export class NotificationsRepository {
  /** Per transaction (its driver context), the notifications added in it by person: NotificationsService.notify. */
  private readonly added = new PerTransaction(() => new Map<string, Notification>());

  constructor(private readonly em: EntityManager) {}

  /** The notifications the current transaction has added, by person; undefined outside a transaction. */
  addedInTransaction(): Map<string, Notification> | undefined {
    return this.added.in(this.em);
  }

  /** Tracks a new notification in the current unit of work. */
  add(notification: NewNotificationRow): Notification {
    return this.em.create(Notification, notification);
  }

  /** Deletes every notification of a person (their personal data is being erased); how many. */
  async deleteOf(userId: string): Promise<number> {
    const rows = await this.em.execute<{ id: string }[]>('delete from notifications where organization_id = ? and user_id = ? returning id', [
      TenantContext.require(),
      userId,
    ]);
    return rows.length;
  }

  /** How many notifications a person has. */
  countOf(userId: string): Promise<number> {
    return this.em.count(Notification, { user: userId });
  }

  /** Replaces an erased person's names and addresses (`pattern`) by their pseudonym in everyone else's notifications; how many changed. */
  async scrub(pattern: string, pseudonym: string): Promise<number> {
    const rows = await this.em.execute<{ id: string }[]>(
      `update notifications set text = regexp_replace(text, ?, ?, 'gi') where organization_id = ? and text ~* ? returning id`,
      [pattern, pseudonym, TenantContext.require(), pattern],
    );
    return rows.length;
  }

  /** The person's newest `limit` notifications, newest first. */
  findNewest(userId: string, limit: number): Promise<Notification[]> {
    return this.em.find(Notification, { user: userId }, { orderBy: { createdAt: 'desc', id: 'asc' }, limit });
  }

  /** Every notification of the person, oldest first. */
  findAllOf(userId: string): Promise<Notification[]> {
    return this.em.find(Notification, { user: userId }, { orderBy: { createdAt: 'asc', id: 'asc' } });
  }

  countUnread(userId: string): Promise<number> {
    return this.em.count(Notification, { user: userId, readAt: null });
  }

  /** One of the person's notifications; another person's is not theirs to find. */
  findOwn(userId: string, id: string): Promise<Notification | null> {
    return this.em.findOne(Notification, { id, user: userId });
  }

  /** Marks the person's unread notifications read at `at`. */
  async markAllRead(userId: string, at: Date): Promise<void> {
    await this.em.nativeUpdate(Notification, { user: userId, readAt: null }, { readAt: at });
  }

  /** Marks read at `at` the unread notifications about `subjectId` of `kinds`. */
  async markReadAbout(subjectId: string, kinds: NotificationKind[], at: Date): Promise<void> {
    await this.em.nativeUpdate(Notification, { subjectId, kind: { $in: kinds }, readAt: null }, { readAt: at });
  }
}
