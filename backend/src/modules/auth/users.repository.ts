import { EntityManager, LockMode } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { Role } from '../../common/auth/roles';
import { TenantContext } from '../../tenancy/tenant-context';
import type { Organization } from '../tenants/entities/organization.entity';
import { CREDENTIALS_USABLE_SQL } from './credentials-usable-sql';
import { User } from './entities/user.entity';

/** A new user's columns, written with the unit of work (the current organisation's, unless `organization` says). */
export interface NewUser {
  email: string;
  name: string;
  role: Role;
  passwordHash: string | null;
  emailVerified?: boolean;
  organization?: Organization;
}

/**
 * The one door to `users` (the auth module owns it). Reads are of the current organisation
 * (TenantContext) unless the name says "in any organisation": those are the few deliberate looks
 * across tenants, made before the organisation is known.
 */
@Injectable()
export class UsersRepository {
  constructor(private readonly em: EntityManager) {}

  findById(id: string): Promise<User | null> {
    return this.em.findOne(User, { id });
  }

  get(id: string): Promise<User> {
    return this.em.findOneOrFail(User, { id });
  }

  /** Read afresh from the database: the session check may have loaded the user before a change in this request. */
  getFresh(id: string): Promise<User> {
    return this.em.findOneOrFail(User, { id }, { refresh: true });
  }

  /** With the (lazy) password hash, for checking the password. */
  getWithPassword(id: string): Promise<User> {
    return this.em.findOneOrFail(User, { id }, { populate: ['passwordHash'] });
  }

  getWithOrganization(id: string): Promise<User> {
    return this.em.findOneOrFail(User, { id }, { populate: ['organization'] });
  }

  getWithPasswordAndOrganization(id: string): Promise<User> {
    return this.em.findOneOrFail(User, { id }, { populate: ['passwordHash', 'organization'] });
  }

  /** The user with their organisation, locked for the rest of the transaction. */
  lockWithOrganization(id: string): Promise<User> {
    return this.em.findOneOrFail(User, { id }, { populate: ['organization'], lockMode: LockMode.PESSIMISTIC_WRITE });
  }

  /** The user of the current organisation with this email, if any. */
  findByEmail(email: string): Promise<User | null> {
    return this.em.findOne(User, { email });
  }

  /** The user of the current organisation with this email and their password hash, for a password sign-in. */
  findByEmailWithPassword(email: string): Promise<User | null> {
    return this.em.findOne(User, { email }, { populate: ['passwordHash'] });
  }

  /** A user by id with their organisation, whichever organisation it is (a handoff code or a challenge names only the user). */
  findInAnyOrganization(id: string): Promise<User | null> {
    return TenantContext.runUnscoped(() => this.em.findOne(User, { id }, { populate: ['organization'] }));
  }

  /**
   * Every active organisation's active account of this address, with its organisation ("Find your
   * school"): the one deliberate look across tenants, whose answer goes only to the address itself.
   */
  activeAccountsInAnyOrganization(email: string): Promise<User[]> {
    return TenantContext.runUnscoped(() =>
      this.em.find(User, { email, isActive: true, organization: { isActive: true } }, { populate: ['organization'] }),
    );
  }

  /** Whether another user of the current organisation has this email. */
  async emailTakenByAnother(email: string, userId: string): Promise<boolean> {
    return (await this.em.count(User, { email, id: { $ne: userId } })) > 0;
  }

  /** How many active admins of the current organisation there are besides `userId`. */
  otherActiveAdmins(userId: string): Promise<number> {
    return this.em.count(User, { role: 'admin', isActive: true, id: { $ne: userId } });
  }

  /** A new user, written with the unit of work. */
  create(user: NewUser): User {
    return this.em.create(User, user);
  }

  /** Two-step verification is off for the user (written at once). */
  async markTwoFactorOff(userId: string): Promise<void> {
    await this.em.nativeUpdate(User, { id: userId }, { twoFactorEnabled: false });
  }

  /**
   * The user's session version (`token_version`, raised by whatever ends their sessions: a password
   * reset, deactivation, a new sign-in email) in the current organisation; undefined for no such user.
   */
  async sessionVersion(userId: string): Promise<number | undefined> {
    const [user] = await this.em.execute<{ token_version: number }[]>('select token_version from users where id = ? and organization_id = ?', [
      userId,
      TenantContext.require(),
    ]);
    return user?.token_version;
  }

  /**
   * Whether something issued to the user under session version `version` still stands: the user
   * and the current organisation are active, the version is unchanged (as the JWT strategy checks
   * a session), and no two-step verification setup is outstanding. One statement.
   */
  async sessionStillValid(userId: string, version: number): Promise<boolean> {
    const [user] = await this.em.execute<{ ok: boolean }[]>(
      `select (${CREDENTIALS_USABLE_SQL} and u.token_version = ?) as ok from users u join organizations o on o.id = u.organization_id
      where u.id = ? and u.organization_id = ?`,
      [version, userId, TenantContext.require()],
    );
    return !!user?.ok;
  }

  /** The active admins' and managers' user ids in the current organisation: who approves requests. One statement. */
  async approverUserIds(): Promise<string[]> {
    const rows = await this.em.execute<{ id: string }[]>(
      `select id from users where organization_id = ? and is_active and role in ('admin', 'manager') order by id`,
      [TenantContext.require()],
    );
    return rows.map((r) => r.id);
  }

  /** The active admins of the current organisation (id, name, address): who is told of changes to how people sign in. One statement. */
  /** How many active admins have not turned on two-step verification. */
  countActiveAdminsWithoutTwoFactor(): Promise<number> {
    return this.em.count(User, { role: 'admin', isActive: true, twoFactorEnabled: false });
  }

  activeAdmins(): Promise<{ id: string; name: string; email: string }[]> {
    return this.em.execute<{ id: string; name: string; email: string }[]>(
      `select id, name, email from users where organization_id = ? and is_active and role = 'admin' order by id`,
      [TenantContext.require()],
    );
  }

  /** Every account of the current organisation (id and address, active or not): what names it in keys outside its rows. One statement. */
  everyAccount(): Promise<{ id: string; email: string }[]> {
    return this.em.execute<{ id: string; email: string }[]>(`select id, email from users where organization_id = ? order by id`, [
      TenantContext.require(),
    ]);
  }
}
