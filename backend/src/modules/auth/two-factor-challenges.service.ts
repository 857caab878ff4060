import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/clock/clock';
import { createSecretToken, hashToken } from '../../common/security/secret-token';
import type { User } from './entities/user.entity';
import { TwoFactorRepository } from './two-factor.repository';

/** How long the second step of a sign-in stays open after the password was right. */
export const CHALLENGE_TTL_MS = 5 * 60 * 1000;

/** The second step of signing in: a challenge issued after the first, redeemed once with a code. */
@Injectable()
export class TwoFactorChallengesService {
  constructor(
    private readonly clock: Clock,
    private readonly twoFactor: TwoFactorRepository,
  ) {}

  /** A new second-step challenge for `user`, stored (as its hash) with the current unit of work. */
  issueChallenge(user: User): string {
    const { token, hash } = createSecretToken();
    this.twoFactor.addChallenge(user, hash, new Date(this.clock.now().getTime() + CHALLENGE_TTL_MS));
    return token;
  }

  /**
   * The user a challenge was issued to and the token version it was issued under, while it is
   * open; undefined when unknown, used or expired.
   */
  challengeUser(challenge: string): Promise<{ userId: string; tokenVersion: number } | undefined> {
    return this.twoFactor.openChallenge(hashToken(challenge), this.clock.now());
  }

  /**
   * Closes a challenge once its code was right. Deleting the row is the redemption: of two
   * parallel redemptions only one gets it back.
   */
  closeChallenge(challenge: string): Promise<boolean> {
    return this.twoFactor.closeChallenge(hashToken(challenge));
  }
}
