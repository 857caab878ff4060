import { Injectable } from '@nestjs/common';
import type { ErasedPerson } from '../../common/erasure/erased-person';
import type { StoredEmailTemplate } from './entities/system-settings.entity';
import {
  type AutoApproval,
  type DutyRules,
  type OrganizationReminders,
  type ReminderSettings,
  type RotaRules,
  SystemSettingsRepository,
} from './system-settings.repository';

export type { AutoApproval, DutyRules, OrganizationReminders, ReminderSettings, RotaRules };

/**
 * The organisation's settings row as other modules see it: the rota's lock and what the row says
 * (duty managers per day, the rota rules, auto-approval, reminders and their template). Its one
 * owner is SystemSettingsRepository, which only this module calls.
 *
 * The row is the organisation's lock for the rota: a write to the rota holds it shared
 * (`lockShared`), a settings change or a bulk tool exclusively (`lockExclusive`). A lock only
 * locks, until the transaction ends, and must run inside one (UnitOfWork.transaction).
 */
@Injectable()
export class SystemSettingsService {
  constructor(private readonly settings: SystemSettingsRepository) {}

  /** Months after someone leaves until their personal data is anonymised (docs/security.md#retention-and-erasure). */
  leaverRetentionMonths(): Promise<number> {
    return this.settings.leaverRetentionMonths();
  }

  /** Changes the leavers' retention period (1–120 months, validated by the caller's DTO), under the settings row's lock. */
  async saveLeaverRetentionMonths(months: number): Promise<void> {
    await this.settings.lockExclusive();
    await this.settings.saveLeaverRetentionMonths(months);
  }

  /** Every organisation's leavers' retention period, for the daily job that runs outside any organisation. */
  leaverRetentionOfEveryOrganization(): Promise<{ organizationId: string; months: number }[]> {
    return this.settings.leaverRetentionOfEveryOrganization();
  }

  /** Erasure (docs/security.md#retention-and-erasure): the person's names and addresses become their pseudonym in the instructions, the reminder template and the procedure file's name; how many rows changed. */
  scrubErased(person: ErasedPerson): Promise<number> {
    return this.settings.scrub(person.pattern, person.pseudonym);
  }

  lockShared(): Promise<void> {
    return this.settings.lockShared();
  }

  lockExclusive(): Promise<void> {
    return this.settings.lockExclusive();
  }

  /** The duty managers per day, without a lock. */
  dutyManagersPerDay(): Promise<number> {
    return this.settings.dutyManagersPerDay();
  }

  /** How the organisation wants its rota planned; the defaults while it has no settings row. */
  rotaRules(): Promise<RotaRules> {
    return this.settings.rotaRules();
  }

  /** What a repair after a change of facts does: rebalance or only fill, and the school days it leaves alone. */
  async repairPolicy(): Promise<{ keepFairness: boolean; frozenSchoolDays: number }> {
    const { keepFairness, frozenSchoolDays } = await this.settings.rotaRules();
    return { keepFairness, frozenSchoolDays };
  }

  /** How many duties one person may take on a day; the defaults while the organisation has no settings row. */
  dutyRules(): Promise<DutyRules> {
    return this.settings.dutyRules();
  }

  /** Saves the daily rules of duties: inside a transaction that holds the rota lock exclusively (FactChangesService.change). */
  saveDutyRules(rules: DutyRules): Promise<void> {
    return this.settings.saveDutyRules(rules);
  }

  autoApproval(): Promise<AutoApproval> {
    return this.settings.autoApproval();
  }

  saveAutoApproval(value: AutoApproval): Promise<void> {
    return this.settings.saveAutoApproval(value);
  }

  reminders(): Promise<ReminderSettings> {
    return this.settings.reminders();
  }

  saveReminders(value: ReminderSettings): Promise<void> {
    return this.settings.saveReminders(value);
  }

  /** Every active organisation with reminders on (across organisations, for the reminder cron). */
  remindersOfEveryOrganization(): Promise<OrganizationReminders[]> {
    return this.settings.remindersOfEveryOrganization();
  }

  /** The reminder template an admin saved, or null while the built-in one is in use. */
  savedEmailTemplate(): Promise<StoredEmailTemplate | null> {
    return this.settings.savedEmailTemplate();
  }

  saveEmailTemplate(template: StoredEmailTemplate): Promise<void> {
    return this.settings.saveEmailTemplate(template);
  }
}
