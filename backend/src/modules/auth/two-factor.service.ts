import { BadRequestException, ForbiddenException, Injectable } from '@nestjs/common';
import { verify } from 'otplib';
import { Clock } from '../../common/clock/clock';
import { RateLimitService } from '../../common/rate-limit/rate-limit.service';
import { PasswordService } from '../../common/security/password.service';
import { hashToken } from '../../common/security/secret-token';
import type { User } from './entities/user.entity';
import { ReauthProofs } from './reauth-proofs';
import { normalizeRecoveryCode } from './recovery-codes';
import { TwoFactorRepository } from './two-factor.repository';
import { UsersRepository } from './users.repository';

/** What authenticator apps expect (RFC 6238 as Google Authenticator reads it): 30-second steps, 6 digits, SHA-1. */
export const TOTP_PERIOD_SECONDS = 30;
/** How far a phone's clock may drift: one step either side of now. */
const TOTP_TOLERANCE_SECONDS = TOTP_PERIOD_SECONDS;

/**
 * Wrong codes, counted per account whatever asks for the code (sign-in, re-authentication), on
 * top of the sign-in limits per address. Five a quarter of an hour, and twenty a day: with three
 * codes valid at any time (drift), twenty guesses a day give someone who has the password about
 * one chance in 17,000 per day, where the quarter-hour limit alone would allow 480 guesses.
 * Each attempt is counted before the code is checked; a right code clears both.
 */
export const TWO_FACTOR_LIMITS = {
  account: { limit: 5, windowSeconds: 15 * 60 },
  accountDaily: { limit: 20, windowSeconds: 24 * 60 * 60 },
} as const;
/** Wrong passwords when re-authenticating, per user (as for the auto-approval admin password). */
export const REAUTH_PASSWORD_LIMIT = { limit: 5, windowSeconds: 15 * 60 };

export const TWO_FACTOR_CODE_REQUIRED = 'Enter the 6-digit code from your authenticator app.';
export const TWO_FACTOR_CODE_INCORRECT = 'That code is not correct. Enter the current code from your authenticator app, or a recovery code.';
export const PASSWORD_REQUIRED = 'Enter your password to confirm it is you.';
export const PASSWORD_INCORRECT = 'The password is not correct. Enter the password you sign in with.';
export const NO_PASSWORD =
  'Your account has no password, so confirm it is you by signing in again with your identity provider (the "Confirm with …" button), or choose a password with "Forgot your password?" on the sign-in page.';
export const PROOF_INVALID =
  'Your confirmation through your identity provider has expired or was for another session. Confirm it is you again.';

/** What a re-authentication may carry: the password, or a fresh provider sign-in's proof; and a code when two-step verification is on. */
export interface ReauthCredentials {
  password?: string;
  code?: string;
  providerProof?: string;
}

/** Who is re-authenticating: the signed-in user and the session asking (a provider proof holds for that session only). */
export interface ReauthActor {
  id: string;
  sessionId?: string;
}

/**
 * The time a code is checked against: the real time, never the app's pinned clock (APP_NOW).
 * An authenticator app counts real time; a demo with a pinned clock must still accept its codes.
 * Its own class so the integration tests can move it.
 */
@Injectable()
export class TotpClock {
  nowSeconds(): number {
    return Math.floor(Date.now() / 1000);
  }
}

/** Whether `code` has the shape of an authenticator code (six digits, spaces allowed). */
export function isTotpCode(code: string): boolean {
  return /^\d{6}$/.test(code.replace(/\s/g, ''));
}

/**
 * Checking a second factor (docs/security.md, "Two-step verification"): a code from the
 * authenticator app or a recovery code, with replay protection and its own rate limits, and
 * re-authentication for sensitive changes. Setting it up is TwoFactorSetupService's, the sign-in
 * step's challenges TwoFactorChallengesService's, recovery codes RecoveryCodesService's.
 */
@Injectable()
export class TwoFactorService {
  constructor(
    private readonly passwords: PasswordService,
    private readonly rateLimits: RateLimitService,
    private readonly clock: Clock,
    private readonly totpClock: TotpClock,
    private readonly proofs: ReauthProofs,
    private readonly users: UsersRepository,
    private readonly twoFactor: TwoFactorRepository,
  ) {}

  /**
   * Re-authentication for a sensitive change (docs/security.md, "Re-authentication"): the
   * account's password — or, for an account without one, a fresh sign-in through its identity
   * provider (`providerProof`) — and, when two-step verification is on, a current code (or a
   * recovery code) as well.
   */
  async reauthenticate(actor: ReauthActor, credentials: ReauthCredentials): Promise<void> {
    const user = await this.users.getWithPassword(actor.id);
    await this.reauthenticateLoaded(user, actor, credentials);
  }

  /**
   * The second factor of a re-authentication whose password the caller has checked itself (the
   * auto-approval settings keep their own "admin password" wording): nothing when two-step
   * verification is off, otherwise a current code or a recovery code.
   */
  async confirmSecondFactor(userId: string, code: string | undefined): Promise<void> {
    const user = await this.users.get(userId);
    if (user.twoFactorEnabled) await this.requireCode(user.id, code);
  }

  /**
   * Checks a code for the user of the current tenant context: a current authenticator code (not
   * one already used: the step moves on atomically) or an unused recovery code (used up now).
   * Each check counts against the account's code limits first; a right code clears them.
   */
  async checkCode(userId: string, code: string): Promise<boolean> {
    await this.consumeCodeLimits(userId);
    const ok = isTotpCode(code) ? await this.useTotpCode(userId, code) : await this.useRecoveryCode(userId, code);
    if (ok) await this.clearCodeLimits(userId);
    return ok;
  }

  /** As `reauthenticate`, for a user the caller has loaded with their password hash. */
  async reauthenticateLoaded(user: User, actor: ReauthActor, credentials: ReauthCredentials): Promise<void> {
    await this.checkFirstFactor(user, actor, credentials);
    if (user.twoFactorEnabled) await this.requireCode(user.id, credentials.code);
  }

  /**
   * The first factor of a re-authentication: the password, or for an account without one a proof
   * of a fresh provider sign-in for this very session. A password account may not use a proof
   * instead: the provider's sign-in is a weaker thing to ask of someone who has a password.
   */
  async checkFirstFactor(user: User, actor: ReauthActor, credentials: Omit<ReauthCredentials, 'code'>): Promise<void> {
    if (user.passwordHash || !credentials.providerProof) return this.checkPassword(user, credentials.password);
    const holds =
      actor.sessionId !== undefined &&
      (await this.proofs.holds(credentials.providerProof, { userId: user.id, sessionId: actor.sessionId, tokenVersion: user.tokenVersion }));
    if (!holds) throw new ForbiddenException({ message: PROOF_INVALID, code: 'provider_proof_invalid' });
  }

  private async requireCode(userId: string, code: string | undefined): Promise<void> {
    if (!code?.trim()) throw new BadRequestException({ message: TWO_FACTOR_CODE_REQUIRED, code: 'two_factor_code_required' });
    if (!(await this.checkCode(userId, code))) {
      throw new ForbiddenException({ message: TWO_FACTOR_CODE_INCORRECT, code: 'two_factor_code_incorrect' });
    }
  }

  /** The signed-in person's own password, with wrong attempts counted per user (re-authentication must not be a guessing oracle). */
  private async checkPassword(user: User, password: string | undefined): Promise<void> {
    if (!user.passwordHash) throw new ForbiddenException({ message: NO_PASSWORD, code: 'password_missing' });
    if (!password) throw new BadRequestException({ message: PASSWORD_REQUIRED, code: 'password_required' });
    const key = `reauth:user:${user.id}`;
    await this.rateLimits.consume(key, REAUTH_PASSWORD_LIMIT, 'wrong passwords');
    if (!(await this.passwords.verify(user.passwordHash, password))) {
      throw new ForbiddenException({ message: PASSWORD_INCORRECT, code: 'password_incorrect' });
    }
    await this.rateLimits.reset(key);
  }

  private async useTotpCode(userId: string, code: string): Promise<boolean> {
    const row = await this.twoFactor.findWithSecret(userId);
    if (!row?.secret) return false;
    const step = await this.matchingStep(row.secret, code, row.lastUsedStep ?? null);
    if (step === undefined) return false;
    // Moves the last used step on only if no parallel request used this step or a later one.
    return this.twoFactor.advanceLastUsedStep(userId, step);
  }

  private useRecoveryCode(userId: string, code: string): Promise<boolean> {
    return this.twoFactor.useRecoveryCode(userId, hashToken(normalizeRecoveryCode(code)), this.clock.now());
  }

  /** The time step `code` belongs to (now, or one step either side), if it is right and after `after`. */
  private async matchingStep(secret: string, code: string, after: number | null): Promise<number | undefined> {
    const token = code.replace(/\s/g, '');
    if (!/^\d{6}$/.test(token)) return undefined;
    try {
      const result = await verify({
        secret,
        token,
        epoch: this.totpClock.nowSeconds(),
        epochTolerance: TOTP_TOLERANCE_SECONDS,
        ...(after === null ? {} : { afterTimeStep: after }),
      });
      return result.valid && 'timeStep' in result ? result.timeStep : undefined;
    } catch {
      return undefined;
    }
  }

  private async consumeCodeLimits(userId: string): Promise<void> {
    await this.rateLimits.consume(`two-factor:user:${userId}`, TWO_FACTOR_LIMITS.account, 'wrong codes for this account');
    await this.rateLimits.consume(`two-factor:user-day:${userId}`, TWO_FACTOR_LIMITS.accountDaily, 'wrong codes for this account today');
  }

  /**
   * The time step of a first code from an app being set up, if it is right: counted against the
   * account's code limits like any other code (clearCodeLimits once the setup is done).
   */
  async matchSetupCode(userId: string, secret: string, code: string): Promise<number | undefined> {
    await this.consumeCodeLimits(userId);
    return this.matchingStep(secret, code, null);
  }

  async clearCodeLimits(userId: string): Promise<void> {
    await this.rateLimits.reset(`two-factor:user:${userId}`);
    await this.rateLimits.reset(`two-factor:user-day:${userId}`);
  }
}
