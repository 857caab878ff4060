import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { TenantContext } from '../../tenancy/tenant-context';
import { TwoFactorChallenge } from './entities/two-factor-challenge.entity';
import { TwoFactorRecoveryCode } from './entities/two-factor-recovery-code.entity';
import type { User } from './entities/user.entity';
import { UserTwoFactor } from './entities/user-two-factor.entity';

/**
 * The one door to two-step verification's tables: the authenticator secret (`user_two_factor`),
 * the recovery codes and the second-step challenges of sign-in.
 */
@Injectable()
export class TwoFactorRepository {
  constructor(private readonly em: EntityManager) {}

  /** The user's secret row, without the secrets. */
  findSecretRow(userId: string): Promise<UserTwoFactor | null> {
    return this.em.findOne(UserTwoFactor, { user: userId });
  }

  /** The user's secret row with the secret in use, for checking a code. */
  findWithSecret(userId: string): Promise<UserTwoFactor | null> {
    return this.em.findOne(UserTwoFactor, { user: userId }, { populate: ['secret'] });
  }

  /** The user's secret row with the secret being set up, for confirming it. */
  findWithPendingSecret(userId: string): Promise<UserTwoFactor | null> {
    return this.em.findOne(UserTwoFactor, { user: userId }, { populate: ['pendingSecret'] });
  }

  /** A new (empty) secret row for the user, written with the unit of work. */
  createSecretRow(user: User): UserTwoFactor {
    return this.em.create(UserTwoFactor, { user });
  }

  /** Forgets the user's secrets (turning two-step verification off). */
  async clearSecrets(userId: string): Promise<void> {
    await this.em.nativeUpdate(UserTwoFactor, { user: userId }, { secret: null, pendingSecret: null, pendingExpiresAt: null, lastUsedStep: null, enabledAt: null });
  }

  /**
   * Moves the user's last used time step on to `step`, only if no parallel request used this step
   * or a later one; whether it moved.
   */
  async advanceLastUsedStep(userId: string, step: number): Promise<boolean> {
    const moved = await this.em.execute<{ id: string }[]>(
      `update user_two_factor set last_used_step = ?, updated_at = now()
        where organization_id = ? and user_id = ? and (last_used_step is null or last_used_step < ?) returning id`,
      [step, TenantContext.require(), userId, step],
    );
    return moved.length > 0;
  }

  unusedRecoveryCodes(userId: string): Promise<number> {
    return this.em.count(TwoFactorRecoveryCode, { user: userId, usedAt: null });
  }

  /** The user's recovery codes become these (by hash); the old ones are deleted. Written at once. */
  async replaceRecoveryCodes(user: User, codeHashes: string[]): Promise<void> {
    await this.em.nativeDelete(TwoFactorRecoveryCode, { user: user.id });
    for (const codeHash of codeHashes) this.em.create(TwoFactorRecoveryCode, { user, codeHash });
    await this.em.flush();
  }

  /** Marks the user's unused recovery code with this hash used; whether there was one. */
  async useRecoveryCode(userId: string, codeHash: string, now: Date): Promise<boolean> {
    const used = await this.em.execute<{ id: string }[]>(
      `update two_factor_recovery_codes set used_at = ?
        where organization_id = ? and user_id = ? and code_hash = ? and used_at is null returning id`,
      [now, TenantContext.require(), userId, codeHash],
    );
    return used.length > 0;
  }

  async deleteRecoveryCodes(userId: string): Promise<void> {
    await this.em.nativeDelete(TwoFactorRecoveryCode, { user: userId });
  }

  /** A new challenge's row (its hash), written with the unit of work. */
  addChallenge(user: User, tokenHash: string, expiresAt: Date): void {
    this.em.create(TwoFactorChallenge, { user, tokenHash, userTokenVersion: user.tokenVersion, expiresAt });
  }

  /** The user and token version of the open (unexpired) challenge with this hash. */
  async openChallenge(tokenHash: string, now: Date): Promise<{ userId: string; tokenVersion: number } | undefined> {
    const rows = await this.em.execute<{ user_id: string; user_token_version: number }[]>(
      'select user_id, user_token_version from two_factor_challenges where token_hash = ? and expires_at > ?',
      [tokenHash, now],
    );
    const row = rows[0];
    return row && { userId: row.user_id, tokenVersion: row.user_token_version };
  }

  /** Deletes the challenge with this hash; whether it was there (of two parallel redemptions, one gets true). */
  async closeChallenge(tokenHash: string): Promise<boolean> {
    const rows = await this.em.execute<{ user_id: string }[]>('delete from two_factor_challenges where token_hash = ? returning user_id', [tokenHash]);
    return rows.length > 0;
  }

  async deleteChallenges(userId: string): Promise<void> {
    await this.em.nativeDelete(TwoFactorChallenge, { user: userId });
  }
}
