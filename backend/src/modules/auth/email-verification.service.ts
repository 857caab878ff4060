import { BadRequestException, Injectable } from '@nestjs/common';
import { Clock } from '../../common/clock/clock';
import { createSecretToken, hashToken } from '../../common/security/secret-token';
import { UnitOfWork } from '../../database/unit-of-work';
import { OutboxService } from '../mail/outbox.service';
import { RecipientLimitService } from '../mail/recipient-limit.service';
import type { Organization } from '../tenants/entities/organization.entity';
import { OrganizationHosts } from '../tenants/organization-hosts.service';
import { verificationEmail } from './auth-emails';
import type { MessageDto } from './dto/message.dto';
import type { User } from './entities/user.entity';
import { type AccountEmailRequest, EmailRequestsService } from './email-requests.service';
import { LinkTokensRepository } from './link-tokens.repository';

const VERIFICATION_TTL_MS = 24 * 60 * 60 * 1000;
const INVALID_VERIFICATION_LINK = 'This verification link is invalid or has expired. Please request a new one.';
export const RESEND_VERIFICATION_MESSAGE =
  'If that account still needs verifying, a new verification email has been sent.';

/** Verifying a sign-in email: the emailed one-time link, sending it, and sending it again on request. */
@Injectable()
export class EmailVerificationService {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly linkTokens: LinkTokensRepository,
    private readonly emailRequests: EmailRequestsService,
    private readonly outbox: OutboxService,
    private readonly clock: Clock,
    private readonly hosts: OrganizationHosts,
    private readonly recipients: RecipientLimitService,
  ) {}

  async verifyEmail(token: string): Promise<MessageDto> {
    const now = this.clock.now();
    await this.unitOfWork.transaction(async () => {
      // The token is all we have: find it before its organisation is known.
      const found = await this.linkTokens.findVerification(hashToken(token));
      if (!found || found.expiresAt <= now) throw new BadRequestException(INVALID_VERIFICATION_LINK);
      const user = found.user.getEntity();
      user.emailVerified = true;
      // Single use: this and any older link of the user stop working.
      await this.linkTokens.deleteVerifications(user.id);
    });
    return { message: 'Your email address has been verified.' };
  }

  async resendVerification(dto: AccountEmailRequest, clientAddress: string): Promise<MessageDto> {
    await this.emailRequests.limit(clientAddress);
    this.emailRequests.forAccountAfterAnswering('Verification resend', dto, async (user, organization) => {
      if (user.emailVerified || !user.isActive) return;
      if (!(await this.recipients.allow(user.email, 'verification'))) return;
      await this.linkTokens.deleteVerifications(user.id);
      this.sendVerification(user, organization);
    });
    return { message: RESEND_VERIFICATION_MESSAGE };
  }

  /** A new verification link for the user, and its email, in the current unit of work. */
  sendVerification(user: User, organization: Organization): void {
    const { token, hash } = createSecretToken();
    this.linkTokens.addVerification(user, hash, new Date(this.clock.now().getTime() + VERIFICATION_TTL_MS));
    this.outbox.enqueue(
      verificationEmail({
        to: user.email,
        name: user.name,
        organizationName: organization.name,
        link: `${this.hosts.url(organization.subdomain)}/verify-email?token=${token}`,
      }),
    );
  }
}
