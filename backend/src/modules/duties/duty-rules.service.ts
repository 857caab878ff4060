import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth-user';
import { plural } from '../../common/text/plural';
import { TenantContext } from '../../tenancy/tenant-context';
import { AuditService } from '../audit/audit.service';
import { FactChangesService } from '../fact-changes/fact-changes.service';
import { type DutyRules, SystemSettingsService } from '../settings/system-settings.service';
import type { DutyRulesDto, SaveDutyRulesDto, SavedDutyRulesDto } from './dto/duty-rules.dto';

/**
 * The school's daily rules of duties (docs/product.md#duties): at most N duties a day per person,
 * and whether an all-day duty counts towards it. Kept in the settings row but read and written
 * here, so `GET /api/system-settings` answers as before. Stricter rules are a change of facts.
 */
@Injectable()
export class DutyRulesService {
  constructor(
    private readonly settings: SystemSettingsService,
    private readonly factChanges: FactChangesService,
    private readonly audit: AuditService,
  ) {}

  get(): Promise<DutyRulesDto> {
    return this.settings.dutyRules();
  }

  async save(actor: AuthUser, dto: SaveDutyRulesDto): Promise<SavedDutyRulesDto> {
    const { written, rotaChange } = await this.factChanges.change(
      actor,
      async () => {
        const before = await this.settings.dutyRules();
        const after: DutyRules = {
          maxDutiesPerDay: dto.maxDutiesPerDay ?? before.maxDutiesPerDay,
          allDayDutiesCount: dto.allDayDutiesCount ?? before.allDayDutiesCount,
        };
        const changed = after.maxDutiesPerDay !== before.maxDutiesPerDay || after.allDayDutiesCount !== before.allDayDutiesCount;
        if (changed) await this.settings.saveDutyRules(after);
        const causes = [
          after.maxDutiesPerDay < before.maxDutiesPerDay && `Setting at most ${plural(after.maxDutiesPerDay, 'duty', 'duties')} a day`,
          after.allDayDutiesCount && !before.allDayDutiesCount && 'Counting all-day duties towards the daily maximum',
        ].filter((cause): cause is string => typeof cause === 'string');
        return { before, after, changed, cause: causes.length ? joinCauses(causes) : null };
      },
      ({ before, after, changed }, rotaChange) => {
        if (!changed) return;
        const removed = rotaChange?.removedDuties ? ` (removed ${plural(rotaChange.removedDuties, 'future assignment')})` : '';
        this.audit.record(actor, {
          kind: 'settings',
          action: 'settings.duty-rules',
          entityId: TenantContext.require(),
          summary:
            `Set the duty rules: at most ${plural(after.maxDutiesPerDay, 'duty', 'duties')} a day, ` +
            `all-day duties ${after.allDayDutiesCount ? 'counted' : 'not counted'}` +
            removed,
          before: { ...before },
          after: { ...after, removedDuties: rotaChange?.removedDuties ?? 0 },
        });
      },
    );
    return { rules: written.after, rotaChange };
  }
}

/** "Setting at most 1 duty a day and counting …": one sentence start for the rota check's message. */
function joinCauses(causes: string[]): string {
  return causes.map((cause, i) => (i === 0 ? cause : cause[0]!.toLowerCase() + cause.slice(1))).join(' and ');
}
