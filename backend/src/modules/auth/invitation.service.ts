import { ConflictException, Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth-user';
import { Clock } from '../../common/clock/clock';
import { createSecretToken } from '../../common/security/secret-token';
import { OutboxService } from '../mail/outbox.service';
import { RecipientLimitService } from '../mail/recipient-limit.service';
import type { Organization } from '../tenants/entities/organization.entity';
import { OrganizationHosts } from '../tenants/organization-hosts.service';
import { assertMayActOn } from './account-policy';
import { AccountsService } from './accounts.service';
import { invitationEmail } from './auth-emails';
import type { User } from './entities/user.entity';
import { LinkTokensRepository } from './link-tokens.repository';
import { UsersRepository } from './users.repository';
import { UnitOfWork } from '../../database/unit-of-work';

const INVITE_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export interface Invitee {
  name: string;
  email: string;
  isActive: boolean;
  /** The user already linked to the person, if any. */
  user?: User | null;
}

/**
 * Lets a person sign in: finds or creates their user (role staff) and emails a link to choose
 * a password. A new invitation voids the previous link.
 */
@Injectable()
export class InvitationService {
  constructor(
    private readonly outbox: OutboxService,
    private readonly clock: Clock,
    private readonly hosts: OrganizationHosts,
    private readonly accounts: AccountsService,
    private readonly recipients: RecipientLimitService,
    private readonly unitOfWork: UnitOfWork,
    private readonly users: UsersRepository,
    private readonly linkTokens: LinkTokensRepository,
  ) {}

  /**
   * Returns the user to link; `sent` is false when they can already sign in (a password, a
   * provider identity, a verified address or a past sign-in: nothing to send, and never a
   * set-password link to an account someone uses).
   */
  async invite(
    invitee: Invitee,
    organization: Organization,
    invitedBy: AuthUser,
  ): Promise<{ user: User; sent: boolean }> {
    if (!invitee.isActive) {
      throw new ConflictException(`${invitee.name} is inactive. Reactivate them before inviting them to sign in.`);
    }
    // Emails are unique per organisation: an account of the same address in another
    // organisation is another account, neither found nor revealed here.
    let user = invitee.user ?? (await this.users.findByEmail(invitee.email));
    if (user) {
      // Linking an existing account, or sending it a set-password link, acts on that account.
      assertMayActOn(invitedBy, user, invitee.user ? 'invite' : 'link');
    } else {
      user = this.users.create({ email: invitee.email, name: invitee.name, role: 'staff', passwordHash: null });
      await this.unitOfWork.flush();
    }
    if (await this.accounts.canSignIn(user)) return { user, sent: false };

    await this.linkTokens.usePasswordLinks(user.id, 'invite');
    const { token, hash } = createSecretToken();
    this.linkTokens.addPasswordLink(user, hash, new Date(this.clock.now().getTime() + INVITE_TTL_MS), 'invite');
    // The answer is the same when the recipient has had too many such emails lately; the link
    // then simply isn't sent (the admin can invite again later).
    if (!(await this.recipients.allow(user.email, 'invitation'))) return { user, sent: true };
    // The organisation's own address when it has one (APP_BASE_DOMAIN): the link and the place to come back to.
    const base = this.hosts.url(organization.subdomain);
    this.outbox.enqueue(
      invitationEmail({
        to: user.email,
        name: invitee.name,
        organizationName: organization.name,
        invitedBy: invitedBy.name,
        organizationSubdomain: organization.subdomain,
        signInAddress: base,
        ownAddress: Boolean(this.hosts.baseDomain()),
        link: `${base}/reset-password?token=${token}&invite=1`,
      }),
    );
    return { user, sent: true };
  }
}
