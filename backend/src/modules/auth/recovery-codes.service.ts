import { ConflictException, Injectable } from '@nestjs/common';
import { hashToken } from '../../common/security/secret-token';
import { UnitOfWork } from '../../database/unit-of-work';
import type { User } from './entities/user.entity';
import { newRecoveryCode, normalizeRecoveryCode, RECOVERY_CODE_COUNT } from './recovery-codes';
import { type ReauthActor, type ReauthCredentials, TwoFactorService } from './two-factor.service';
import { TwoFactorRepository } from './two-factor.repository';
import { UsersRepository } from './users.repository';

/** Recovery codes: each usable once instead of an authenticator code, shown only when they are made. */
@Injectable()
export class RecoveryCodesService {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly users: UsersRepository,
    private readonly twoFactor: TwoFactorRepository,
    private readonly codeChecks: TwoFactorService,
  ) {}

  /** Ten new recovery codes in place of the old ones (all of which stop working), after re-authentication. */
  async regenerateRecoveryCodes(actor: ReauthActor, credentials: ReauthCredentials): Promise<string[]> {
    const user = await this.users.getWithPassword(actor.id);
    if (!user.twoFactorEnabled) throw new ConflictException('Turn on two-step verification first.');
    await this.codeChecks.reauthenticateLoaded(user, actor, credentials);
    return this.unitOfWork.transaction(() => this.replace(user));
  }

  /** New codes for the user in place of any old ones, written at once (in the caller's transaction). */
  async replace(user: User): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await this.twoFactor.replaceRecoveryCodes(user, codes.map((code) => hashToken(normalizeRecoveryCode(code))));
    return codes;
  }
}
