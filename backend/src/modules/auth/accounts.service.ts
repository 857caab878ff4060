import { BadRequestException, ConflictException, Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth-user';
import type { Role } from '../../common/auth/roles';
import { Clock } from '../../common/clock/clock';
import { createSecretToken, hashToken } from '../../common/security/secret-token';
import { TenantContext } from '../../tenancy/tenant-context';
import { UnitOfWork } from '../../database/unit-of-work';
import { OutboxService } from '../mail/outbox.service';
import { RecipientLimitService } from '../mail/recipient-limit.service';
import type { Organization } from '../tenants/entities/organization.entity';
import { OrganizationHosts } from '../tenants/organization-hosts.service';
import { type AccountErasureCounts, AccountErasureRepository } from './account-erasure.repository';
import { type AccountChange, assertMayActOn, assertMayGrant } from './account-policy';
import { emailChangeApprovalEmail, emailChangeConfirmationEmail, emailChangeNoticeEmail } from './auth-emails';
import { EmailChangesRepository } from './email-changes.repository';
import type { EmailChangeToken } from './entities/email-change-token.entity';
import type { User } from './entities/user.entity';
import type { UserIdentity } from './entities/user-identity.entity';
import { LinkTokensRepository } from './link-tokens.repository';
import { type IdentityKey, UserIdentitiesRepository } from './user-identities.repository';
import { UsersRepository } from './users.repository';

const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60 * 1000;
const INVALID_EMAIL_CHANGE_LINK = 'This confirmation link is invalid or has expired. Ask for the change again.';
const NO_PENDING_EMAIL_CHANGE = 'There is no change of your sign-in email waiting for your approval.';

/** What following a link of a pending email change did: `complete` when the new address is now the sign-in email. */
export interface EmailChangeOutcome {
  complete: boolean;
  message: string;
}

/** A pending change of the signed-in user's sign-in email. */
export interface PendingEmailChange {
  newEmail: string;
  requestedBy: string;
  /** Someone else asked for it, and the owner hasn't approved yet. */
  awaitingYourApproval: boolean;
  /** The new address hasn't confirmed yet. */
  awaitingNewAddress: boolean;
}
export const EMAIL_IN_USE = 'That email already belongs to another account in this organisation.';

/** Runs, in the confirming transaction, when a user's sign-in email changes (the staff module keeps its copy). */
export type EmailChangedListener = (userId: string, email: string) => Promise<void>;

/** Runs, in the same transaction, when a person renames their own account (the staff module keeps its copy). */
export type NameChangedListener = (userId: string, name: string) => Promise<void>;

/**
 * Every change one person makes to another's account: email, active state, role, name, and the
 * check before linking. Each method asks the one policy (account-policy.ts) first, so a route
 * cannot forget it; only this module writes `users`.
 */
@Injectable()
export class AccountsService {
  private readonly emailListeners: EmailChangedListener[] = [];
  private readonly nameListeners: NameChangedListener[] = [];

  constructor(
    private readonly outbox: OutboxService,
    private readonly clock: Clock,
    private readonly hosts: OrganizationHosts,
    private readonly recipients: RecipientLimitService,
    private readonly unitOfWork: UnitOfWork,
    private readonly users: UsersRepository,
    private readonly identities: UserIdentitiesRepository,
    private readonly emailChanges: EmailChangesRepository,
    private readonly linkTokens: LinkTokensRepository,
    private readonly erasure: AccountErasureRepository,
  ) {}

  /** The name and every email (the account's, a pending new one) of an account of this organisation; undefined for none. */
  identityForErasure(userId: string): Promise<{ name: string; emails: string[] } | undefined> {
    return this.erasure.identity(userId);
  }

  /**
   * Erasure (docs/security.md#retention-and-erasure): the account takes the pseudonym and its
   * address, and can never sign in again: no password, no two-step verification, no identities,
   * sessions or links. Inside the caller's transaction.
   */
  anonymise(userId: string, pseudonym: string, pseudonymousEmail: string): Promise<AccountErasureCounts> {
    return this.erasure.anonymise(userId, pseudonym, pseudonymousEmail);
  }

  /** Ages out expired sessions, handoffs, challenges and links of every organisation; how many rows went. */
  deleteExpired(): Promise<number> {
    return this.erasure.deleteExpired(this.clock.now());
  }

  onEmailChanged(listener: EmailChangedListener): void {
    this.emailListeners.push(listener);
  }

  onNameChanged(listener: NameChangedListener): void {
    this.nameListeners.push(listener);
  }

  /** The user's session version in the current organisation (UsersRepository.sessionVersion); undefined for no such user. */
  sessionVersion(userId: string): Promise<number | undefined> {
    return this.users.sessionVersion(userId);
  }

  /** Whether something issued to the user under session version `version` still stands (UsersRepository.sessionStillValid). */
  sessionStillValid(userId: string, version: number): Promise<boolean> {
    return this.users.sessionStillValid(userId, version);
  }

  /** The active admins' and managers' user ids in the current organisation: who approves requests. */
  approverUserIds(): Promise<string[]> {
    return this.users.approverUserIds();
  }

  /** The active admins of the current organisation: who is told of changes to how people sign in. */
  activeAdmins(): Promise<{ id: string; name: string; email: string }[]> {
    return this.users.activeAdmins();
  }

  /** Every account of the current organisation, active or not (id, address): deleting an organisation forgets what names them. */
  everyAccount(): Promise<{ id: string; email: string }[]> {
    return this.users.everyAccount();
  }

  /** How many active admins have not turned on two-step verification (the admins' requirement's warning). */
  activeAdminsWithoutTwoFactor(): Promise<number> {
    return this.users.countActiveAdminsWithoutTwoFactor();
  }

  /** The user's password hash (null for an account without a password): re-checking an admin's own password (auto-approval settings). */
  async passwordHashOf(userId: string): Promise<string | null | undefined> {
    return (await this.users.getWithPassword(userId)).passwordHash;
  }

  /** The policy alone, for a caller about to link or invite (InvitationService, staff create). */
  assertMayChange(actor: AuthUser, user: User, change: AccountChange): void {
    assertMayActOn(actor, user, change);
  }

  /** The user of the current organisation with this id, if any. */
  findById(userId: string): Promise<User | null> {
    return this.users.findById(userId);
  }

  /** The user of the current organisation with this id (one that must exist: the signed-in user). */
  get(userId: string): Promise<User> {
    return this.users.get(userId);
  }

  /** The user of the current organisation with this email, if any. */
  findByEmail(email: string): Promise<User | null> {
    return this.users.findByEmail(email);
  }

  /**
   * Whether someone can sign in to the account, whatever its password column says: it has a
   * password, a provider identity linked to it, a verified address, or has signed in before.
   * Only an invitation never used is none of these — the one account whose address may be
   * changed directly (docs/security.md, "Who may act on whom").
   */
  async canSignIn(user: User): Promise<boolean> {
    if (user.hasPassword || user.emailVerified || user.lastLogin) return true;
    return this.identities.hasAny(user.id);
  }

  /** The account a provider identity is linked to, if any (by the provider's subject, never by email). */
  findByIdentity(identity: IdentityKey): Promise<User | null> {
    return this.identities.findUser(identity);
  }

  /** The provider identities linked to the account (one per provider kind at most). */
  identitiesOf(userId: string): Promise<UserIdentity[]> {
    return this.identities.listOf(userId);
  }

  /**
   * Links a provider identity to the account, the first time the person signs in through that
   * provider (matched then by the address the provider vouched for). From then on the account
   * is found by the subject; a second identity of the same provider is refused by the caller.
   */
  linkIdentity(user: User, identity: IdentityKey): void {
    this.identities.link(user, identity, this.clock.now());
  }

  /**
   * A new account, role staff and no password, for someone whose address an identity provider
   * of the organisation has just vouched for (the sso module's join rule). Never any other role:
   * signing in through a provider makes nobody an admin or a manager.
   */
  createVerified(person: { email: string; name: string }): User {
    return this.users.create({ email: person.email, name: person.name, role: 'staff', passwordHash: null, emailVerified: true });
  }

  /** The organisation's identity provider has just vouched for the user's address. */
  markEmailVerified(user: User): void {
    user.emailVerified = true;
  }

  /**
   * Deactivating ends every session, download link and calendar feed of the user for good (the
   * token version moves on; reactivating does not move it back).
   */
  async setActive(actor: AuthUser, user: User, active: boolean): Promise<void> {
    if (user.isActive === active) return;
    assertMayActOn(actor, user, 'active');
    if (!active) {
      await this.assertNotLastAdmin(user, 'deactivated');
      user.tokenVersion += 1;
    }
    user.isActive = active;
  }

  async changeRole(actor: AuthUser, user: User, role: Role): Promise<void> {
    if (user.role === role) return;
    assertMayActOn(actor, user, 'role');
    assertMayGrant(actor, role);
    if (user.role === 'admin') await this.assertNotLastAdmin(user, 'demoted');
    user.role = role;
  }

  rename(actor: AuthUser, user: User, name: string): void {
    if (user.name === name) return;
    assertMayActOn(actor, user, 'name');
    user.name = name;
  }

  /**
   * A person renames their own account (Account page): the staff record linked to it takes the
   * same name, in the same transaction, as an admin's edit of the record renames the account.
   */
  async renameOwn(user: User, name: string): Promise<void> {
    if (user.name === name) return;
    user.name = name;
    await this.unitOfWork.flush();
    for (const listener of this.nameListeners) await listener(user.id, name);
  }

  /**
   * A new sign-in email. An invitation never used has nothing to take over: the address changes
   * at once and the unused invitation links die with the old one. For anyone who can sign in
   * (canSignIn: a password, a provider identity, a verified address or a past sign-in) the change
   * waits: the new address must confirm it from an emailed one-time link, and when someone else
   * asked for it the owner must approve it too, from a link sent to the current address or while
   * signed in — so whoever may edit a staff record still can't move someone's account to an
   * address of their own. Until then they sign in with the old address. Returns whether the
   * change is pending.
   */
  async changeEmail(
    actor: AuthUser,
    user: User,
    newEmail: string,
    organization: Organization,
  ): Promise<{ pending: boolean }> {
    if (user.email === newEmail) return { pending: false };
    assertMayActOn(actor, user, 'email');
    if (await this.users.emailTakenByAnother(newEmail, user.id)) throw new ConflictException(EMAIL_IN_USE);
    if (!(await this.canSignIn(user))) {
      user.email = newEmail;
      user.emailVerified = false;
      await this.linkTokens.usePasswordLinks(user.id);
      await this.emailChanges.deleteOf(user.id);
      return { pending: false };
    }
    await this.emailChanges.deleteOf(user.id);
    const confirmation = createSecretToken();
    const approval = actor.id === user.id ? undefined : createSecretToken();
    this.emailChanges.add({
      user,
      newEmail,
      tokenHash: confirmation.hash,
      approvalTokenHash: approval?.hash ?? null,
      requestedBy: actor.name,
      expiresAt: new Date(this.clock.now().getTime() + EMAIL_CHANGE_TTL_MS),
    });
    const common = { name: user.name, organizationName: organization.name, requestedBy: actor.name, newEmail };
    const linkTo = (token: string) => `${this.hosts.url(organization.subdomain)}/confirm-email?token=${token}`;
    // An organisation of one's own could otherwise mail any address as often as it likes.
    if (await this.recipients.allow(newEmail, 'email-change confirmation')) {
      this.outbox.enqueue(emailChangeConfirmationEmail({ ...common, to: newEmail, link: linkTo(confirmation.token), needsApproval: Boolean(approval) }));
    }
    this.outbox.enqueue(
      approval
        ? emailChangeApprovalEmail({ ...common, to: user.email, link: linkTo(approval.token) })
        : emailChangeNoticeEmail({ ...common, to: user.email }),
    );
    return { pending: true };
  }

  /**
   * Follows a link of a pending change: the new address's confirmation, or the owner's approval
   * sent to the current address. The change takes effect when both are in (or the confirmation
   * alone, when the owner asked for it): the new address becomes the sign-in email, it counts as
   * verified, and every session ends.
   */
  async confirmEmailChange(token: string): Promise<EmailChangeOutcome> {
    const hash = hashToken(token);
    // The token is all we have: find it before its organisation is known.
    const found = await this.emailChanges.lockByLink(hash);
    if (!found || found.expiresAt <= this.clock.now()) throw new BadRequestException(INVALID_EMAIL_CHANGE_LINK);
    const user = found.user.getEntity();
    if (!user.isActive) throw new BadRequestException(INVALID_EMAIL_CHANGE_LINK);
    const side = found.tokenHash === hash ? 'confirmed' : 'approved';
    if (side === 'confirmed') found.confirmedAt ??= this.clock.now();
    else found.approvedAt ??= this.clock.now();
    return TenantContext.run(user.organization.id, () => this.takeEffectWhenAgreed(found, user, side));
  }

  /** The signed-in owner approves a change someone else asked for (instead of the emailed link). */
  async approveOwnEmailChange(userId: string): Promise<EmailChangeOutcome> {
    const found = await this.emailChanges.lockAwaitingApproval(userId);
    if (!found || found.expiresAt <= this.clock.now()) throw new BadRequestException(NO_PENDING_EMAIL_CHANGE);
    found.approvedAt ??= this.clock.now();
    return this.takeEffectWhenAgreed(found, found.user.getEntity(), 'approved');
  }

  /** The signed-in user's pending change of sign-in email, if any (the Account page shows it). */
  async pendingEmailChange(userId: string): Promise<PendingEmailChange | undefined> {
    const found = await this.emailChanges.findPending(userId, this.clock.now());
    if (!found) return undefined;
    return {
      newEmail: found.newEmail,
      requestedBy: found.requestedBy,
      awaitingYourApproval: Boolean(found.approvalTokenHash) && !found.approvedAt,
      awaitingNewAddress: !found.confirmedAt,
    };
  }

  /** Makes the change once the new address has confirmed it and the owner approved it (when asked); until then, says who is still awaited. */
  private async takeEffectWhenAgreed(found: EmailChangeToken, user: User, side: 'confirmed' | 'approved'): Promise<EmailChangeOutcome> {
    const approved = !found.approvalTokenHash || found.approvedAt;
    if (!found.confirmedAt || !approved) {
      await this.unitOfWork.flush();
      return {
        complete: false,
        message:
          side === 'confirmed'
            ? `Your new address is confirmed. The change takes effect once ${user.name} approves it from their current address or while signed in.`
            : `You approved the change. It takes effect once ${found.newEmail} confirms it with the link sent there.`,
      };
    }
    if (await this.users.emailTakenByAnother(found.newEmail, user.id)) throw new ConflictException(EMAIL_IN_USE);
    user.email = found.newEmail;
    // Following the link proved the address is theirs.
    user.emailVerified = true;
    user.tokenVersion += 1;
    await this.emailChanges.deleteOf(user.id);
    await this.unitOfWork.flush();
    for (const listener of this.emailListeners) await listener(user.id, user.email);
    return {
      complete: true,
      message: side === 'confirmed' ? 'Your new email address is confirmed. Please sign in with it.' : `The change is approved. Please sign in with ${user.email} from now on.`,
    };
  }

  private async assertNotLastAdmin(user: User, change: 'deactivated' | 'demoted'): Promise<void> {
    if (user.role !== 'admin' || !user.isActive) return;
    const others = await this.users.otherActiveAdmins(user.id);
    if (others === 0) {
      throw new ConflictException(
        `${user.name} is the last active admin and cannot be ${change}. Make someone else an admin first.`,
      );
    }
  }
}
