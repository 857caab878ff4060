import { EntityManager, LockMode } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { TenantContext } from '../../tenancy/tenant-context';
import { EmailVerificationToken } from './entities/email-verification-token.entity';
import { type PasswordLinkPurpose, PasswordResetToken } from './entities/password-reset-token.entity';
import type { User } from './entities/user.entity';

/**
 * The one door to the emailed one-time links: email verification (`email_verification_tokens`)
 * and set-password links, resets and invitations (`password_reset_tokens`). A link is found by its
 * hash alone, before its organisation is known.
 */
@Injectable()
export class LinkTokensRepository {
  constructor(private readonly em: EntityManager) {}

  /** A new verification link's row, written with the unit of work. */
  addVerification(user: User, tokenHash: string, expiresAt: Date): void {
    this.em.create(EmailVerificationToken, { user, tokenHash, expiresAt });
  }

  /** The verification link with this hash and its user, in whichever organisation. */
  findVerification(tokenHash: string): Promise<EmailVerificationToken | null> {
    return TenantContext.runUnscoped(() => this.em.findOne(EmailVerificationToken, { tokenHash }, { populate: ['user'] }));
  }

  async deleteVerifications(userId: string): Promise<void> {
    await this.em.nativeDelete(EmailVerificationToken, { user: userId });
  }

  /** A new set-password link's row, written with the unit of work. */
  addPasswordLink(user: User, tokenHash: string, expiresAt: Date, purpose?: PasswordLinkPurpose): void {
    this.em.create(PasswordResetToken, { user, tokenHash, expiresAt, ...(purpose && { purpose }) });
  }

  /** The set-password link with this hash, its user and their organisation, in whichever organisation. */
  findPasswordLink(tokenHash: string): Promise<PasswordResetToken | null> {
    return TenantContext.runUnscoped(() =>
      this.em.findOne(PasswordResetToken, { tokenHash }, { populate: ['user', 'user.organization'] }),
    );
  }

  /** As findPasswordLink, locked for the rest of the transaction. */
  lockPasswordLink(tokenHash: string): Promise<PasswordResetToken | null> {
    return TenantContext.runUnscoped(() =>
      this.em.findOne(PasswordResetToken, { tokenHash }, { populate: ['user', 'user.organization'], lockMode: LockMode.PESSIMISTIC_WRITE }),
    );
  }

  /** The user's unused set-password links (of one purpose, if given) stop working. */
  async usePasswordLinks(userId: string, purpose?: PasswordLinkPurpose): Promise<void> {
    await this.em.nativeUpdate(PasswordResetToken, { user: userId, used: false, ...(purpose && { purpose }) }, { used: true });
  }
}
