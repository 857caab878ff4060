import { ConflictException, Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth-user';
import { TenantContext } from '../../tenancy/tenant-context';
import { AuditService } from '../audit/audit.service';
import { AccountsService } from '../auth/accounts.service';
import { TwoFactorService } from '../auth/two-factor.service';
import { TwoFactorSetupService } from '../auth/two-factor-setup.service';
import { UnitOfWork } from '../../database/unit-of-work';
import { OrganizationsService } from '../tenants/organizations.service';
import type { SaveTwoFactorRequirementDto } from './dto/save-two-factor-requirement.dto';
import type { TwoFactorRequirementDto } from './dto/two-factor-requirement.dto';

export const OWN_TWO_FACTOR_FIRST =
  'Turn on two-step verification for your own account first (Account security), so the requirement cannot lock you out.';

/**
 * "Require two-step verification for admins" (docs/product.md#two-step-verification): read and
 * changed by admins, with re-authentication, and written to the activity log. Also records in the
 * log when someone turns their own two-step verification on or off.
 */
@Injectable()
export class TwoFactorRequirementService {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly accounts: AccountsService,
    private readonly organizations: OrganizationsService,
    private readonly twoFactor: TwoFactorService,
    twoFactorSetup: TwoFactorSetupService,
    private readonly audit: AuditService,
  ) {
    twoFactorSetup.onChanged((user, enabled) => {
      audit.record({ id: user.id, name: user.name } as AuthUser, {
        kind: 'staff',
        action: enabled ? 'account.two-factor-on' : 'account.two-factor-off',
        entityId: user.id,
        summary: enabled ? 'Turned on two-step verification' : 'Turned off two-step verification',
        before: { twoFactorEnabled: !enabled },
        after: { twoFactorEnabled: enabled },
      });
    });
  }

  async get(): Promise<TwoFactorRequirementDto> {
    return this.current();
  }

  async save(actor: AuthUser, dto: SaveTwoFactorRequirementDto): Promise<TwoFactorRequirementDto> {
    const me = await this.accounts.get(actor.id);
    if (dto.requireAdminTwoFactor && !me.twoFactorEnabled) {
      throw new ConflictException({ message: OWN_TWO_FACTOR_FIRST, code: 'two_factor_not_enabled' });
    }
    await this.twoFactor.reauthenticate(actor, dto);
    return this.unitOfWork.transaction(async () => {
      const before = await this.organizations.setRequireAdminTwoFactor(dto.requireAdminTwoFactor);
      if (before !== dto.requireAdminTwoFactor) {
        this.audit.record(actor, {
          kind: 'settings',
          action: 'settings.two-factor-requirement',
          entityId: TenantContext.require(),
          summary: dto.requireAdminTwoFactor
            ? 'Required two-step verification for admins'
            : 'Stopped requiring two-step verification for admins',
          before: { requireAdminTwoFactor: before },
          after: { requireAdminTwoFactor: dto.requireAdminTwoFactor },
        });
      }
      await this.unitOfWork.flush();
      return this.current();
    });
  }

  private async current(): Promise<TwoFactorRequirementDto> {
    return {
      requireAdminTwoFactor: await this.organizations.requiresAdminTwoFactor(),
      adminsWithoutTwoFactor: await this.accounts.activeAdminsWithoutTwoFactor(),
    };
  }
}
