import { BadRequestException, ConflictException, Injectable } from '@nestjs/common';
import { generateSecret, generateURI } from 'otplib';
import { Clock } from '../../common/clock/clock';
import { UnitOfWork } from '../../database/unit-of-work';
import { RecoveryCodesService } from './recovery-codes.service';
import { type ReauthActor, type ReauthCredentials, TwoFactorService } from './two-factor.service';
import { TwoFactorRepository } from './two-factor.repository';
import { UsersRepository } from './users.repository';

/** The issuer authenticator apps show above the account. */
export const TOTP_ISSUER = 'Duty Manager';
/** How long a secret shown at setup may still be confirmed with a first code. */
export const SETUP_TTL_MS = 15 * 60 * 1000;

/**
 * Runs in the transaction that turns a person's two-step verification on or off (the settings
 * module records it in the activity log).
 */
export type TwoFactorChangedListener = (user: { id: string; name: string }, enabled: boolean) => void | Promise<void>;

/**
 * Turning two-step verification on and off for one's own account (docs/security.md, "Two-step
 * verification"): a new authenticator secret, its confirmation with a first code, and turning it
 * off again. Only this module writes its tables and `users.two_factor_enabled`.
 */
@Injectable()
export class TwoFactorSetupService {
  private readonly listeners: TwoFactorChangedListener[] = [];

  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly users: UsersRepository,
    private readonly twoFactor: TwoFactorRepository,
    private readonly codeChecks: TwoFactorService,
    private readonly recoveryCodes: RecoveryCodesService,
    private readonly clock: Clock,
  ) {}

  onChanged(listener: TwoFactorChangedListener): void {
    this.listeners.push(listener);
  }

  async status(userId: string): Promise<{ enabled: boolean; recoveryCodesLeft: number }> {
    // Read afresh: the session check loaded the user at the start of the request, maybe before a change.
    const user = await this.users.getFresh(userId);
    const recoveryCodesLeft = user.twoFactorEnabled ? await this.twoFactor.unusedRecoveryCodes(userId) : 0;
    return { enabled: user.twoFactorEnabled, recoveryCodesLeft };
  }

  /**
   * Starts setting up an authenticator app: a new secret, shown once, kept pending until a code
   * from it confirms it (`enable`). Needs the password: a session left open on a shared computer
   * must not be enough to bind someone else's phone to the account.
   */
  async setup(actor: ReauthActor, credentials: Omit<ReauthCredentials, 'code'>): Promise<{ secret: string; otpauthUri: string }> {
    const userId = actor.id;
    const user = await this.users.getWithPasswordAndOrganization(userId);
    if (user.twoFactorEnabled) throw new ConflictException('Two-step verification is already on for your account.');
    await this.codeChecks.checkFirstFactor(user, actor, credentials);
    const secret = generateSecret();
    const row = (await this.twoFactor.findSecretRow(userId)) ?? this.twoFactor.createSecretRow(user);
    row.pendingSecret = secret;
    row.pendingExpiresAt = new Date(this.clock.now().getTime() + SETUP_TTL_MS);
    await this.unitOfWork.flush();
    const label = `${user.organization.getEntity().name}: ${user.email}`;
    return { secret, otpauthUri: generateURI({ issuer: TOTP_ISSUER, label, secret }) };
  }

  /**
   * Confirms the pending secret with a first code from the app: two-step verification is on from
   * now, and the answer carries the recovery codes, the only time they are shown.
   */
  async enable(userId: string, code: string): Promise<string[]> {
    return this.unitOfWork.transaction(async () => {
      const user = await this.users.get(userId);
      if (user.twoFactorEnabled) throw new ConflictException('Two-step verification is already on for your account.');
      const row = await this.twoFactor.findWithPendingSecret(userId);
      if (!row?.pendingSecret || !row.pendingExpiresAt || row.pendingExpiresAt <= this.clock.now()) {
        throw new BadRequestException({
          message: 'The setup has expired. Start again to get a new QR code.',
          code: 'two_factor_setup_expired',
        });
      }
      const step = await this.codeChecks.matchSetupCode(userId, row.pendingSecret, code);
      if (step === undefined) {
        throw new BadRequestException({
          message: 'That code is not correct. Enter the 6-digit code your authenticator app shows now.',
          code: 'two_factor_code_incorrect',
        });
      }
      row.secret = row.pendingSecret;
      row.pendingSecret = null;
      row.pendingExpiresAt = null;
      row.lastUsedStep = step;
      row.enabledAt = this.clock.now();
      user.twoFactorEnabled = true;
      for (const listener of this.listeners) await listener(user, true);
      const codes = await this.recoveryCodes.replace(user);
      await this.codeChecks.clearCodeLimits(userId);
      return codes;
    });
  }

  /** Turns two-step verification off, after the password (or a provider proof) and a code (or a recovery code). */
  async disable(actor: ReauthActor, credentials: ReauthCredentials): Promise<void> {
    const userId = actor.id;
    const user = await this.users.getWithPassword(userId);
    if (!user.twoFactorEnabled) throw new ConflictException('Two-step verification is already off for your account.');
    await this.codeChecks.reauthenticateLoaded(user, actor, credentials);
    await this.unitOfWork.transaction(async () => {
      await this.twoFactor.clearSecrets(userId);
      await this.twoFactor.deleteRecoveryCodes(userId);
      await this.twoFactor.deleteChallenges(userId);
      await this.users.markTwoFactorOff(userId);
      for (const listener of this.listeners) await listener(user, false);
    });
  }
}
