import { BadRequestException, Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth-user';
import { plural } from '../../common/text/plural';
import { describeDate } from '../../common/text/dates';
import { TenantContext } from '../../tenancy/tenant-context';
import { AuditService, changedFields } from '../audit/audit.service';
import { FactChangesService } from '../fact-changes/fact-changes.service';
import { FILE_FIELDS_MESSAGE, type UpdateSystemSettingsDto } from './dto/update-system-settings.dto';
import type { SystemSettingsDto } from './dto/system-settings.dto';
import type { SystemSettingsUpdateResultDto } from './dto/system-settings-update-result.dto';
import { ProcedureFilesRepository } from './procedure-files.repository';
import { type RotaRules, SystemSettingsRepository } from './system-settings.repository';

/** The Admin Panel's Duty Manager Settings and Instructions Manager (docs/product.md#duty-managers-per-day). */
@Injectable()
export class SettingsService {
  constructor(
    private readonly procedureFiles: ProcedureFilesRepository,
    private readonly settings: SystemSettingsRepository,
    private readonly factChanges: FactChangesService,
    private readonly audit: AuditService,
  ) {}

  async get(): Promise<SystemSettingsDto> {
    return this.currentSettings();
  }

  private async currentSettings(): Promise<SystemSettingsDto> {
    const general = await this.settings.general();
    return { ...general, procedureFile: await this.procedureFiles.summary() };
  }

  /** Saves the Instructions Manager's title and text, or removes the document (null). */
  private async saveInstructions(actor: AuthUser, dto: UpdateSystemSettingsDto, before: SystemSettingsDto): Promise<void> {
    const changesFile = (value: string | null | undefined, current: string | null) => typeof value === 'string' && value !== current;
    if (changesFile(dto.procedureFileUrl, before.procedureFileUrl) || changesFile(dto.procedureFileName, before.procedureFileName)) {
      throw new BadRequestException(FILE_FIELDS_MESSAGE);
    }
    const removeFile = (dto.procedureFileUrl === null || dto.procedureFileName === null) && before.procedureFileName !== null;
    const title = dto.instructionsTitle ?? before.instructionsTitle;
    const content = dto.instructionsContent ?? before.instructionsContent;
    if (title === before.instructionsTitle && content === before.instructionsContent && !removeFile) return;
    await this.settings.saveInstructions(title, content, removeFile);
    if (removeFile) await this.procedureFiles.remove();
    const changed = [
      title !== before.instructionsTitle && 'title',
      content !== before.instructionsContent && 'text',
      removeFile && 'removed the procedure document',
    ].filter(Boolean);
    this.audit.record(actor, {
      kind: 'settings',
      action: 'settings.instructions',
      entityId: TenantContext.require(),
      summary: `Updated the instructions (${changed.join(', ')})`,
      before: {
        instructionsTitle: before.instructionsTitle,
        contentLength: before.instructionsContent.length,
        procedureFileName: before.procedureFileName,
      },
      after: { instructionsTitle: title, contentLength: content.length, procedureFileName: removeFile ? null : before.procedureFileName },
    });
  }

  /**
   * Saves the settings. With fewer duty managers per day, the days from today on that have more
   * people than slots keep the ones the rules choose (docs/product.md#the-rota-stays-true), in the
   * same transaction, so the rota never shows more people than slots; past days stay as they were.
   * A new or lower default weekly cap and a new Week A are facts the rota depends on too, and are
   * checked the same way in one pass; the mix mode only weighs future planning.
   */
  async update(actor: AuthUser, dto: UpdateSystemSettingsDto): Promise<SystemSettingsUpdateResultDto> {
    const { rotaChange } = await this.factChanges.change(
      actor,
      async () => {
        const current = await this.currentSettings();
        const before = current.dutyManagersPerDay;
        await this.saveInstructions(actor, dto, current);
        const after = dto.dutyManagersPerDay ?? before;
        const causes: string[] = [];
        if (after !== before) {
          await this.settings.saveDutyManagersPerDay(after);
          causes.push(`Setting duty managers per day to ${after}`);
        }
        const rulesBefore: RotaRules = {
          mixMode: current.mixMode,
          defaultWeeklyCap: current.defaultWeeklyCap,
          weekAStart: current.weekAStart,
          keepFairness: current.keepFairness,
          frozenSchoolDays: current.frozenSchoolDays,
        };
        const rules: RotaRules = {
          mixMode: dto.mixMode ?? rulesBefore.mixMode,
          defaultWeeklyCap: dto.defaultWeeklyCap !== undefined ? dto.defaultWeeklyCap : rulesBefore.defaultWeeklyCap,
          weekAStart: dto.weekAStart !== undefined ? dto.weekAStart : rulesBefore.weekAStart,
          keepFairness: dto.keepFairness ?? rulesBefore.keepFairness,
          frozenSchoolDays: dto.frozenSchoolDays ?? rulesBefore.frozenSchoolDays,
        };
        const rulesChanged = changedFields(rulesBefore, rules);
        if (Object.keys(rulesChanged.after).length) {
          await this.settings.saveRotaRules(rules);
          causes.push(...rotaRuleCauses(rulesBefore, rules));
        }
        return { before, after, rulesBefore, rules, rulesChanged, cause: causes.length ? joinCauses(causes) : null };
      },
      ({ before, after, rulesBefore, rules, rulesChanged }, rotaChange) => {
        const removed = rotaChange?.removedDuties ? ` (removed ${plural(rotaChange.removedDuties, 'future assignment')})` : '';
        if (after !== before) {
          this.audit.record(actor, {
            kind: 'settings',
            action: 'settings.duty-managers-per-day',
            entityId: TenantContext.require(),
            summary: `Set duty managers per day to ${after}` + (after < before ? removed : ''),
            before: { dutyManagersPerDay: before },
            after: { dutyManagersPerDay: after, removedSlots: after < before ? (rotaChange?.removedDuties ?? 0) : 0 },
          });
        }
        if (Object.keys(rulesChanged.after).length) {
          const ruleCauses = rotaRuleCauses(rulesBefore, rules);
          this.audit.record(actor, {
            kind: 'settings',
            action: 'settings.rota-rules',
            entityId: TenantContext.require(),
            summary: `Changed the rota rules (${describeRuleChanges(rulesBefore, rules)})` + (ruleCauses.length ? removed : ''),
            ...rulesChanged,
          });
        }
      },
    );
    return { ...(await this.currentSettings()), removedSlots: rotaChange?.removedDuties ?? 0, rotaChange };
  }
}

const MIX_MODE_NAMES: Record<RotaRules['mixMode'], string> = { always: 'always pair', when_fair: 'pair when it is fair', never: "don't pair" };

/**
 * What of the rota rules' change the planned rota must be repaired for: a cap set or lowered (breaks),
 * raised or removed (opens capacity), a new (or no) Week A.
 */
function rotaRuleCauses(before: RotaRules, after: RotaRules): string[] {
  const causes: string[] = [];
  const cap = after.defaultWeeklyCap;
  if (cap !== before.defaultWeeklyCap) causes.push(cap === null ? 'Removing the default weekly cap' : `Setting the default weekly cap to ${cap}`);
  if (after.weekAStart !== before.weekAStart) {
    causes.push(after.weekAStart ? `Starting Week A on ${describeDate(after.weekAStart)}` : 'Clearing the Week A date');
  }
  return causes;
}

function describeRuleChanges(before: RotaRules, after: RotaRules): string {
  return [
    before.mixMode !== after.mixMode && `teaching mix: ${MIX_MODE_NAMES[after.mixMode]}`,
    before.defaultWeeklyCap !== after.defaultWeeklyCap && `default weekly cap: ${after.defaultWeeklyCap ?? 'none'}`,
    before.weekAStart !== after.weekAStart && `Week A: ${after.weekAStart ? `from ${describeDate(after.weekAStart)}` : 'none'}`,
    before.keepFairness !== after.keepFairness && `after a change: ${after.keepFairness ? 'keep fairness' : 'only fill gaps'}`,
    before.frozenSchoolDays !== after.frozenSchoolDays && `days left alone: ${after.frozenSchoolDays}`,
  ]
    .filter(Boolean)
    .join(', ');
}

/** "Setting duty managers per day to 1 and setting the default weekly cap to 2": one sentence start for the rota check's message. */
function joinCauses(causes: string[]): string {
  return causes.map((cause, i) => (i === 0 ? cause : cause[0]!.toLowerCase() + cause.slice(1))).join(' and ');
}
