import { randomUUID } from 'node:crypto';
import { OptionalProps, type Ref } from '@mikro-orm/core';
import { Entity, Enum, Index, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { TenantScopedEntity } from '../../../tenancy/tenant-scoped.entity';
import { User } from '../../auth/entities/user.entity';

/**
 * What a notification is about (docs/product.md#notifications): a swap to answer, one to approve,
 * an answer or decision on my request, a change to my duties, a cancellation decided.
 */
export const NOTIFICATION_KINDS = ['swap_asked', 'swap_offered', 'swap_to_approve', 'swap_answered', 'swap_decided', 'swap_withdrawn', 'swap_expired', 'duty_changed', 'cancel_decided'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** One thing for one signed-in person to see in the app's bell, once per event. */
@Entity({ tableName: 'notifications' })
@Index({ properties: ['organization', 'user', 'createdAt'] })
@Unique({ properties: ['user', 'eventKey'] })
export class Notification extends TenantScopedEntity {
  [OptionalProps]?: 'organization' | 'createdAt' | 'readAt' | 'subjectId';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => User, { ref: true, deleteRule: 'cascade' })
  user!: Ref<User>;

  @Enum({ items: () => NOTIFICATION_KINDS })
  kind!: NotificationKind;

  /** One sentence, e.g. "Ann Lee asks you to cover her duty on Monday 15 September 2025". */
  @Property({ type: 'string', length: 500 })
  text!: string;

  /** Where in the app it leads, e.g. `/swaps?request=…`. */
  @Property({ type: 'string', length: 300 })
  link!: string;

  /** The record it is about (a swap request), so it can be settled when that is no longer for this person. */
  @Property({ type: 'uuid', nullable: true })
  subjectId?: string | null;

  /** Names the event: the same event never notifies the same person twice. */
  @Property({ type: 'string', length: 200 })
  eventKey!: string;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime', nullable: true })
  readAt?: Date | null;
}
