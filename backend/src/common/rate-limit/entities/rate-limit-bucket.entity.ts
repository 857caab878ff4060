import { OptionalProps } from '@mikro-orm/core';
import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/**
 * A fixed-window counter (e.g. failed sign-ins for one account). Kept in PostgreSQL so every
 * app instance counts into the same window.
 */
@Entity({ tableName: 'rate_limit_buckets' })
export class RateLimitBucket {
  [OptionalProps]?: 'count';

  @PrimaryKey({ type: 'string', length: 300 })
  key!: string;

  @Property({ type: 'integer', default: 0 })
  count = 0;

  @Property({ type: 'datetime' })
  windowStartedAt!: Date;

  @Property({ type: 'datetime', index: true })
  expiresAt!: Date;
}
