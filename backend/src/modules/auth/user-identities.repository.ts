import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { User } from './entities/user.entity';
import { UserIdentity } from './entities/user-identity.entity';

/** A provider identity as the ID token names it (never by email). */
export interface IdentityKey {
  provider: string;
  issuer: string;
  subject: string;
}

/** The one door to `user_identities`: provider identities linked to accounts of the current organisation. */
@Injectable()
export class UserIdentitiesRepository {
  constructor(private readonly em: EntityManager) {}

  async hasAny(userId: string): Promise<boolean> {
    return (await this.em.count(UserIdentity, { user: userId })) > 0;
  }

  /** The account an identity is linked to, if any. */
  async findUser(identity: IdentityKey): Promise<User | null> {
    const link = await this.em.findOne(UserIdentity, identity, { populate: ['user'] });
    return link ? link.user.getEntity() : null;
  }

  /** The identities linked to the account, by provider. */
  listOf(userId: string): Promise<UserIdentity[]> {
    return this.em.find(UserIdentity, { user: userId }, { orderBy: { provider: 'asc' } });
  }

  /** A new link, written with the unit of work. */
  link(user: User, identity: IdentityKey, lastUsedAt: Date): void {
    this.em.create(UserIdentity, { user, ...identity, lastUsedAt });
  }
}
