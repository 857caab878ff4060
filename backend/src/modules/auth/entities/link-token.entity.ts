import { randomUUID } from 'node:crypto';
import { type Ref } from '@mikro-orm/core';
import { ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { User } from './user.entity';

/**
 * What a one-time link (verification, password reset) stores: whose it is, the SHA-256 of its
 * secret (never the secret itself) and when it expires.
 */
export abstract class LinkToken {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => User, { ref: true, deleteRule: 'cascade', index: true })
  user!: Ref<User>;

  @Property({ type: 'string', length: 64 })
  @Unique()
  tokenHash!: string;

  @Property({ type: 'datetime' })
  expiresAt!: Date;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
