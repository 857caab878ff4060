import { BadRequestException, Injectable } from '@nestjs/common';
import { Clock } from '../../common/clock/clock';
import { PasswordService } from '../../common/security/password.service';
import { createSecretToken, hashToken } from '../../common/security/secret-token';
import { UnitOfWork } from '../../database/unit-of-work';
import { OutboxService } from '../mail/outbox.service';
import { RecipientLimitService } from '../mail/recipient-limit.service';
import { OrganizationHosts } from '../tenants/organization-hosts.service';
import { passwordResetEmail } from './auth-emails';
import type { MessageDto } from './dto/message.dto';
import type { ResetPasswordResultDto } from './dto/reset-password-result.dto';
import type { PasswordLinkDto } from './dto/password-link.dto';
import type { ResetPasswordDto } from './dto/reset-password.dto';
import { type AccountEmailRequest, EmailRequestsService } from './email-requests.service';
import { LinkTokensRepository } from './link-tokens.repository';
import { SessionsService } from './sessions.service';

const RESET_TTL_MS = 30 * 60 * 1000;
const INVALID_RESET_LINK = 'This reset link is invalid or has expired. Please request a new one.';
export const FORGOT_PASSWORD_MESSAGE = 'If an account exists with that email, a password reset link has been sent.';

/** Choosing a password from an emailed link: a reset of a forgotten one, or an invitation's first. */
@Injectable()
export class PasswordResetService {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly linkTokens: LinkTokensRepository,
    private readonly emailRequests: EmailRequestsService,
    private readonly passwords: PasswordService,
    private readonly sessions: SessionsService,
    private readonly outbox: OutboxService,
    private readonly clock: Clock,
    private readonly hosts: OrganizationHosts,
    private readonly recipients: RecipientLimitService,
  ) {}

  async forgotPassword(dto: AccountEmailRequest, clientAddress: string): Promise<MessageDto> {
    await this.emailRequests.limit(clientAddress);
    this.emailRequests.forAccountAfterAnswering('Password reset request', dto, async (user, organization) => {
      if (!user.isActive) return;
      if (!(await this.recipients.allow(user.email, 'password reset'))) return;
      const { token, hash } = createSecretToken();
      this.linkTokens.addPasswordLink(user, hash, new Date(this.clock.now().getTime() + RESET_TTL_MS));
      this.outbox.enqueue(
        passwordResetEmail({
          to: user.email,
          name: user.name,
          organizationName: organization.name,
          link: `${this.hosts.url(organization.subdomain)}/reset-password?token=${token}`,
        }),
      );
    });
    return { message: FORGOT_PASSWORD_MESSAGE };
  }

  /**
   * What a set-password link is for, before the password is chosen: an invitation's page welcomes
   * the person to their organisation, a reset's is titled as one. Only the link's holder learns the
   * name and the organisation, which the email they followed already told them.
   */
  async describePasswordLink(token: string): Promise<PasswordLinkDto> {
    const found = await this.linkTokens.findPasswordLink(hashToken(token));
    if (!found || found.used || found.expiresAt <= this.clock.now()) throw new BadRequestException(INVALID_RESET_LINK);
    const user = found.user.getEntity();
    return { purpose: found.purpose, name: user.name, organizationName: user.organization.getEntity().name };
  }

  /**
   * Sets a new password from an emailed link. An invitation ends signed in (the invitee has just
   * proved the address and chosen the password; making them find the sign-in form and their
   * organisation's subdomain is where invitations got stuck). A reset of a forgotten password
   * does not sign in: the person signs in afresh, with the form filled in from the answer.
   */
  async resetPassword(dto: ResetPasswordDto): Promise<ResetPasswordResultDto> {
    const now = this.clock.now();
    const passwordHash = await this.passwords.hash(dto.newPassword);
    const { purpose, user, subdomain, signsIn } = await this.unitOfWork.transaction(async () => {
      const found = await this.linkTokens.lockPasswordLink(hashToken(dto.token));
      if (!found || found.used || found.expiresAt <= now) throw new BadRequestException(INVALID_RESET_LINK);
      const user = found.user.getEntity();
      user.passwordHash = passwordHash;
      // Ends every session issued before the reset.
      user.tokenVersion += 1;
      // Following the link proved the address is theirs.
      user.emailVerified = true;
      await this.linkTokens.usePasswordLinks(user.id);
      const signsIn = found.purpose === 'invite' && user.isActive && !user.twoFactorEnabled;
      if (signsIn) user.lastLogin = now;
      return { purpose: found.purpose, user, subdomain: user.organization.getEntity().subdomain, signsIn };
    });
    const filled = { email: user.email, organizationSubdomain: subdomain };
    // An account with two-step verification on signs in with its code, never from a link alone.
    if (signsIn) {
      return { message: 'Your password has been set. You are signed in.', token: await this.sessions.open(user), ...filled };
    }
    return {
      message:
        purpose === 'invite'
          ? 'Your password has been set. Please sign in with your new password.'
          : 'Your password has been reset. Please sign in with your new password.',
      ...filled,
    };
  }
}
