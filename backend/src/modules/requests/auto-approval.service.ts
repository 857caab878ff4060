import { BadRequestException, ForbiddenException, Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth-user';
import { RateLimitService } from '../../common/rate-limit/rate-limit.service';
import { PasswordService } from '../../common/security/password.service';
import { UnitOfWork } from '../../database/unit-of-work';
import { TenantContext } from '../../tenancy/tenant-context';
import { AuditService, changedFields } from '../audit/audit.service';
import { AccountsService } from '../auth/accounts.service';
import { TwoFactorService } from '../auth/two-factor.service';
import { type AutoApproval, SystemSettingsService } from '../settings/system-settings.service';
import type { AutoApprovalSettingsDto } from './dto/auto-approval-settings.dto';
import type { SaveAutoApprovalSettingsDto } from './dto/save-auto-approval-settings.dto';

/** Wrong admin passwords allowed per user before a pause: re-authentication must not be a guessing oracle. */
export const ADMIN_PASSWORD_LIMIT = { limit: 5, windowSeconds: 15 * 60 };

const ON_OFF = (on: boolean) => (on ? 'on' : 'off');

/**
 * Auto-approval settings. Saving them re-checks the signed-in admin's own password (docs/product.md#roles-and-permissions:
 * there is no shared admin password), with wrong attempts counted per user, and a current code
 * from their authenticator app when their two-step verification is on.
 */
@Injectable()
export class AutoApprovalService {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly accounts: AccountsService,
    private readonly settings: SystemSettingsService,
    private readonly passwords: PasswordService,
    private readonly rateLimits: RateLimitService,
    private readonly audit: AuditService,
    private readonly twoFactor: TwoFactorService,
  ) {}

  get(): Promise<AutoApprovalSettingsDto> {
    return this.settings.autoApproval();
  }

  async save(actor: AuthUser, dto: SaveAutoApprovalSettingsDto): Promise<AutoApprovalSettingsDto> {
    if (!dto.adminPassword) {
      throw new BadRequestException({ message: 'Please enter the admin password to save settings.', code: 'admin_password_required' });
    }
    const key = `admin-password:user:${actor.id}`;
    // Counted before the check, so parallel guesses can't all pass a counter that hasn't moved yet.
    await this.rateLimits.consume(key, ADMIN_PASSWORD_LIMIT, 'wrong admin passwords');
    if (!(await this.passwords.verify(await this.accounts.passwordHashOf(actor.id), dto.adminPassword))) {
      throw new ForbiddenException({
        message: 'The admin password is not correct. Enter the password you sign in with.',
        code: 'admin_password_incorrect',
      });
    }
    await this.rateLimits.reset(key);
    // With two-step verification on, re-authentication asks for the second factor too.
    await this.twoFactor.confirmSecondFactor(actor.id, dto.twoFactorCode);

    return this.unitOfWork.transaction(async () => {
      // Held exclusively, so two saves don't read the same "before"; switches not given keep their value.
      await this.settings.lockExclusive();
      const before = await this.settings.autoApproval();
      const after: AutoApproval = {
        swaps: dto.swaps ?? before.swaps,
        cancellations: dto.cancellations ?? before.cancellations,
        autoFillCancellations: dto.autoFillCancellations ?? before.autoFillCancellations,
      };
      await this.settings.saveAutoApproval(after);
      const changed = changedFields(before, after);
      if (Object.keys(changed.after).length) {
        this.audit.record(actor, {
          kind: 'settings',
          action: 'settings.auto-approval',
          entityId: TenantContext.require(),
          summary:
            `Auto-approval: swaps ${ON_OFF(after.swaps)}, cancellations ${ON_OFF(after.cancellations)}, ` +
            `auto-fill ${ON_OFF(after.autoFillCancellations)}`,
          ...changed,
        });
      }
      return after;
    });
  }
}
