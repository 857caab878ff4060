import { UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import { BadRequestException, ConflictException, ForbiddenException, Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth-user';
import { PasswordService } from '../../common/security/password.service';
import { OutboxService } from '../mail/outbox.service';
import { AccountsService, EMAIL_IN_USE } from './accounts.service';
import { passwordChangedEmail } from './auth-emails';
import type { MessageDto } from './dto/message.dto';
import type { ChangeOwnEmailDto } from './dto/change-own-email.dto';
import type { ChangeOwnPasswordDto } from './dto/change-own-password.dto';
import type { EmailChangeStartedDto } from './dto/email-change-started.dto';
import type { PasswordChangedDto } from './dto/password-changed.dto';
import { UnitOfWork } from '../../database/unit-of-work';
import { LinkTokensRepository } from './link-tokens.repository';
import { UsersRepository } from './users.repository';
import { SessionsService } from './sessions.service';
import { TwoFactorService } from './two-factor.service';

export const NO_PASSWORD_TO_CHANGE =
  'Your account has no password: you sign in through your identity provider. To choose one, use "Forgot your password?" on the sign-in page.';
export const SAME_EMAIL = 'That is already your sign-in email.';

/**
 * What a signed-in person changes about their own account on the Account page
 * (docs/product.md#your-own-account): their name, their password, and their sign-in email. Each
 * acts on the caller's own account only; the password and the email ask for re-authentication
 * first (docs/security.md, "Re-authentication").
 */
@Injectable()
export class OwnAccountService {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly users: UsersRepository,
    private readonly linkTokens: LinkTokensRepository,
    private readonly passwords: PasswordService,
    private readonly twoFactor: TwoFactorService,
    private readonly accounts: AccountsService,
    private readonly sessions: SessionsService,
    private readonly outbox: OutboxService,
  ) {}

  /** A new name; the staff record linked to the account follows (AccountsService.renameOwn). */
  async rename(auth: AuthUser, name: string): Promise<MessageDto> {
    await this.unitOfWork.transaction(async () => {
      const user = await this.users.get(auth.id);
      await this.accounts.renameOwn(user, name);
    });
    return { message: 'Your name has been changed.' };
  }

  /**
   * A new password, after the current one (and a code when two-step verification is on). Every
   * session of the account ends, as after a reset — a session someone else holds must not outlive
   * the password it was opened with — and so do unused reset links; this browser gets a new
   * session in the answer, so the person who changed it stays signed in. The account's address is
   * told.
   */
  async changePassword(auth: AuthUser, dto: ChangeOwnPasswordDto): Promise<PasswordChangedDto> {
    const current = await this.users.getWithPassword(auth.id);
    if (!current.passwordHash) throw new ForbiddenException({ message: NO_PASSWORD_TO_CHANGE, code: 'password_missing' });
    await this.twoFactor.reauthenticate({ id: auth.id, sessionId: auth.sessionId }, { password: dto.password, code: dto.code });
    const passwordHash = await this.passwords.hash(dto.newPassword);
    const user = await this.unitOfWork.transaction(async () => {
      const locked = await this.users.lockWithOrganization(auth.id);
      locked.passwordHash = passwordHash;
      // Ends every session issued before now, this one included (a new one is opened below).
      locked.tokenVersion += 1;
      await this.linkTokens.usePasswordLinks(locked.id);
      this.outbox.enqueue(passwordChangedEmail({ to: locked.email, name: locked.name, organizationName: locked.organization.getEntity().name }));
      return locked;
    });
    if (auth.sessionId) await this.sessions.end(auth.id, auth.sessionId);
    return {
      message: 'Your password has been changed. Every other session of your account has been signed out.',
      token: await this.sessions.open(user),
    };
  }

  /**
   * Starts a change of one's own sign-in email, after re-authentication: the new address gets a
   * link to confirm it and the current one is told (AccountsService.changeEmail, asked by the
   * owner, so no approval is needed). Until the new address confirms, nothing changes.
   */
  async startEmailChange(auth: AuthUser, dto: ChangeOwnEmailDto): Promise<EmailChangeStartedDto> {
    const user = await this.users.get(auth.id);
    if (user.email === dto.newEmail) throw new BadRequestException(SAME_EMAIL);
    await this.twoFactor.reauthenticate({ id: auth.id, sessionId: auth.sessionId }, dto);
    try {
      await this.unitOfWork.transaction(async () => {
        const own = await this.users.lockWithOrganization(auth.id);
        await this.accounts.changeEmail(auth, own, dto.newEmail, own.organization.getEntity());
      });
    } catch (err) {
      if (err instanceof UniqueConstraintViolationException) throw new ConflictException(EMAIL_IN_USE);
      throw err;
    }
    return {
      newEmail: dto.newEmail,
      message:
        `We have sent a link to ${dto.newEmail}. Your sign-in email changes when you open it (within 24 hours); ` +
        `until then, sign in with ${user.email}.`,
    };
  }
}
