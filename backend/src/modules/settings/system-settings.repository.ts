import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { TenantContext } from '../../tenancy/tenant-context';
import {
  DEFAULT_AUTO_APPROVAL,
  DEFAULT_DUTY_MANAGERS_PER_DAY,
  DEFAULT_DUTY_RULES,
  DEFAULT_FROZEN_SCHOOL_DAYS,
  DEFAULT_INSTRUCTIONS_TITLE,
  DEFAULT_KEEP_FAIRNESS,
  DEFAULT_LEAVER_RETENTION_MONTHS,
  DEFAULT_MIX_MODE,
  DEFAULT_REMINDERS,
  type MixMode,
  type StoredEmailTemplate,
} from './entities/system-settings.entity';

/** How the organisation wants its rota planned (docs/product.md#the-rota-engine). */
export interface RotaRules {
  /** Teaching/non-teaching pairing: `always`, `when_fair` (the default) or `never`. */
  mixMode: MixMode;
  /** The weekly cap (1–5) of everyone without their own; null: no cap. */
  defaultWeeklyCap: number | null;
  /** `yyyy-MM-dd`, a Monday that begins a Week A (two-week timetables); null: not set. */
  weekAStart: string | null;
  /** After a change of facts a repair rebalances with the fewest changes (true, the default) or only fills gaps. */
  keepFairness: boolean;
  /** The school days after today (0–20, default 5) no repair or rebalance moves unless a hard rule forces it. */
  frozenSchoolDays: number;
}

/** How many duties one person may take on a day (docs/product.md#duties). */
export interface DutyRules {
  /** At most this many duties a day per person (1–5). */
  maxDutiesPerDay: number;
  /** Whether an all-day duty (the Duty Manager duty) counts towards that maximum. */
  allDayDutiesCount: boolean;
}

export interface AutoApproval {
  swaps: boolean;
  cancellations: boolean;
  autoFillCancellations: boolean;
}

export interface ReminderSettings {
  enabled: boolean;
  /** `HH:mm`, the organisation's zone. */
  time: string;
  hoursAdvance: number;
  /** Minutes before a timed duty's start of a reminder on the day; null: none. */
  minutesBefore: number | null;
}

/** An organisation whose reminders are on, with its time zone and reminder settings. */
export interface OrganizationReminders {
  organizationId: string;
  /** The organisation's IANA time zone. */
  timeZone: string;
  /** `HH:mm`, in that zone. */
  time: string;
  hoursAdvance: number;
  /** Minutes before a timed duty's start of a reminder on the day; null: none. */
  minutesBefore: number | null;
}

export interface GeneralSettings extends RotaRules {
  dutyManagersPerDay: number;
  instructionsTitle: string;
  instructionsContent: string;
  procedureFileUrl: string | null;
  procedureFileName: string | null;
}

/**
 * The one owner of `system_settings`: every statement on the table is here. The row is created
 * on first lock; until then each read answers the defaults of docs/product.md.
 *
 * Every statement is on the current organisation's row (TenantContext), so none takes an
 * organisation argument.
 *
 * The row is also the organisation's lock for the rota: a write to the rota holds it shared
 * (`lockShared`), so assignments run alongside each other but never beside a settings change or
 * a bulk tool, which hold it exclusively (`lockExclusive`). A lock only locks, until the
 * transaction ends, and must run inside one (UnitOfWork.transaction); what the row says is read
 * separately (`dutyManagersPerDay`, …). The injected manager is the transaction's inside one.
 */
@Injectable()
export class SystemSettingsRepository {
  constructor(private readonly em: EntityManager) {}

  lockShared(): Promise<void> {
    return this.lock('share');
  }

  lockExclusive(): Promise<void> {
    return this.lock('update');
  }

  private async lock(mode: 'share' | 'update'): Promise<void> {
    const org = TenantContext.require();
    await this.em.execute(
      'insert into system_settings (id, organization_id) values (gen_random_uuid(), ?) on conflict (organization_id) do nothing',
      [org],
    );
    await this.em.execute(`select 1 from system_settings where organization_id = ? for ${mode}`, [org]);
  }

  /** The duty managers per day, without a lock. */
  async dutyManagersPerDay(): Promise<number> {
    const rows = await this.em.execute<{ n: number }[]>('select duty_managers_per_day as n from system_settings where organization_id = ?', [
      TenantContext.require(),
    ]);
    return rows[0]?.n ?? DEFAULT_DUTY_MANAGERS_PER_DAY;
  }

  async saveDutyManagersPerDay(n: number): Promise<void> {
    await this.em.execute('update system_settings set duty_managers_per_day = ?, updated_at = now() where organization_id = ?', [
      n,
      TenantContext.require(),
    ]);
  }

  async autoApproval(): Promise<AutoApproval> {
    const rows = await this.em.execute<{ swaps: boolean; cancellations: boolean; auto_fill: boolean }[]>(
      `select auto_approval_swaps as swaps, auto_approval_cancellations as cancellations, auto_fill_cancellations as auto_fill
         from system_settings where organization_id = ?`,
      [TenantContext.require()],
    );
    const row = rows[0];
    return row
      ? { swaps: row.swaps, cancellations: row.cancellations, autoFillCancellations: row.auto_fill }
      : { ...DEFAULT_AUTO_APPROVAL };
  }

  async saveAutoApproval(value: AutoApproval): Promise<void> {
    await this.em.execute(
      `update system_settings set auto_approval_swaps = ?, auto_approval_cancellations = ?, auto_fill_cancellations = ?, updated_at = now()
        where organization_id = ?`,
      [value.swaps, value.cancellations, value.autoFillCancellations, TenantContext.require()],
    );
  }

  /** Months after leaving until a leaver's personal data is anonymised; the default while the organisation has no settings row. */
  async leaverRetentionMonths(): Promise<number> {
    const [row] = await this.em.execute<{ months: number }[]>(
      'select leaver_retention_months as months from system_settings where organization_id = ?',
      [TenantContext.require()],
    );
    return row?.months ?? DEFAULT_LEAVER_RETENTION_MONTHS;
  }

  /** Saves the leavers' retention period; the row exists (lockExclusive made it). */
  async saveLeaverRetentionMonths(months: number): Promise<void> {
    await this.em.execute('update system_settings set leaver_retention_months = ?, updated_at = now() where organization_id = ?', [
      months,
      TenantContext.require(),
    ]);
  }

  /**
   * Every organisation with its leavers' retention period (the default without a settings row):
   * the read across organisations of the daily retention job, which opens each one's context.
   */
  async leaverRetentionOfEveryOrganization(): Promise<{ organizationId: string; months: number }[]> {
    const rows = await this.em.execute<{ id: string; months: number | null }[]>(
      `select o.id, s.leaver_retention_months as months from organizations o left join system_settings s on s.organization_id = o.id order by o.id`,
    );
    return rows.map((r) => ({ organizationId: r.id, months: r.months ?? DEFAULT_LEAVER_RETENTION_MONTHS }));
  }

  /** The rota's planning rules; the defaults while the organisation has no settings row. One statement. */
  async rotaRules(): Promise<RotaRules> {
    const [row] = await this.em.execute<
      { mix_mode: MixMode; default_weekly_cap: number | null; week_a_start: string | null; keep_fairness: boolean; frozen_school_days: number }[]
    >(
      `select mix_mode, default_weekly_cap, to_char(week_a_start, 'YYYY-MM-DD') as week_a_start, keep_fairness, frozen_school_days
         from system_settings where organization_id = ?`,
      [TenantContext.require()],
    );
    return rotaRulesOf(row);
  }

  /** Saves the rota's planning rules; the row exists (lockExclusive made it). */
  async saveRotaRules(rules: RotaRules): Promise<void> {
    await this.em.execute(
      `update system_settings set mix_mode = ?, default_weekly_cap = ?, week_a_start = ?, keep_fairness = ?, frozen_school_days = ?, updated_at = now()
        where organization_id = ?`,
      [rules.mixMode, rules.defaultWeeklyCap, rules.weekAStart, rules.keepFairness, rules.frozenSchoolDays, TenantContext.require()],
    );
  }

  /** The daily rules of duties; the defaults while the organisation has no settings row. One statement. */
  async dutyRules(): Promise<DutyRules> {
    const [row] = await this.em.execute<{ max_duties_per_day: number; all_day_duties_count: boolean }[]>(
      'select max_duties_per_day, all_day_duties_count from system_settings where organization_id = ?',
      [TenantContext.require()],
    );
    return row ? { maxDutiesPerDay: row.max_duties_per_day, allDayDutiesCount: row.all_day_duties_count } : { ...DEFAULT_DUTY_RULES };
  }

  /** Saves the daily rules of duties; the row exists (lockExclusive made it). */
  async saveDutyRules(rules: DutyRules): Promise<void> {
    await this.em.execute(
      'update system_settings set max_duties_per_day = ?, all_day_duties_count = ?, updated_at = now() where organization_id = ?',
      [rules.maxDutiesPerDay, rules.allDayDutiesCount, TenantContext.require()],
    );
  }

  /** Duty managers per day, the rota rules, the instructions and the procedure document's link. One statement. */
  async general(): Promise<GeneralSettings> {
    const [row] = await this.em.execute<
      {
        per_day: number;
        mix_mode: MixMode;
        default_weekly_cap: number | null;
        week_a_start: string | null;
        keep_fairness: boolean;
        frozen_school_days: number;
        title: string;
        content: string;
        url: string | null;
        name: string | null;
      }[]
    >(
      `select duty_managers_per_day as per_day, mix_mode, default_weekly_cap, to_char(week_a_start, 'YYYY-MM-DD') as week_a_start,
              keep_fairness, frozen_school_days, instructions_title as title, instructions_content as content, procedure_file_url as url, procedure_file_name as name
         from system_settings where organization_id = ?`,
      [TenantContext.require()],
    );
    return {
      dutyManagersPerDay: row?.per_day ?? DEFAULT_DUTY_MANAGERS_PER_DAY,
      ...rotaRulesOf(row),
      instructionsTitle: row?.title ?? DEFAULT_INSTRUCTIONS_TITLE,
      instructionsContent: row?.content ?? '',
      procedureFileUrl: row?.url ?? null,
      procedureFileName: row?.name ?? null,
    };
  }

  /** Saves the instructions' title and text; `removeFile` also drops the procedure document's link. */
  async saveInstructions(title: string, content: string, removeFile: boolean): Promise<void> {
    await this.em.execute(
      `update system_settings set instructions_title = ?, instructions_content = ?, updated_at = now()
              ${removeFile ? ', procedure_file_url = null, procedure_file_name = null' : ''}
        where organization_id = ?`,
      [title, content, TenantContext.require()],
    );
  }

  async saveProcedureFileLink(url: string, fileName: string): Promise<void> {
    await this.em.execute('update system_settings set procedure_file_url = ?, procedure_file_name = ?, updated_at = now() where organization_id = ?', [
      url,
      fileName,
      TenantContext.require(),
    ]);
  }

  async reminders(): Promise<ReminderSettings> {
    const rows = await this.em.execute<{ enabled: boolean; time: string; hours: number; minutes: number | null }[]>(
      `select email_reminders_enabled as enabled, reminder_time as time, reminder_hours_advance as hours, reminder_minutes_before as minutes
         from system_settings where organization_id = ?`,
      [TenantContext.require()],
    );
    const row = rows[0];
    return row ? { enabled: row.enabled, time: row.time, hoursAdvance: row.hours, minutesBefore: row.minutes } : { ...DEFAULT_REMINDERS };
  }

  /**
   * Every active organisation with reminders on, with its zone and reminder settings (the
   * defaults while it has no settings row). The one read across organisations, for the reminder
   * cron: it runs outside any tenant context and opens one for each organisation found here.
   */
  async remindersOfEveryOrganization(): Promise<OrganizationReminders[]> {
    const rows = await this.em.execute<{ id: string; zone: string; time: string | null; hours: number | null; minutes: number | null }[]>(
      `select o.id, o.timezone as zone, s.reminder_time as time, s.reminder_hours_advance as hours, s.reminder_minutes_before as minutes
         from organizations o left join system_settings s on s.organization_id = o.id
        where o.is_active and coalesce(s.email_reminders_enabled, ?)`,
      [DEFAULT_REMINDERS.enabled],
    );
    return rows.map((r) => ({
      organizationId: r.id,
      timeZone: r.zone,
      time: r.time ?? DEFAULT_REMINDERS.time,
      hoursAdvance: r.hours ?? DEFAULT_REMINDERS.hoursAdvance,
      minutesBefore: r.minutes ?? DEFAULT_REMINDERS.minutesBefore,
    }));
  }

  async saveReminders(value: ReminderSettings): Promise<void> {
    await this.em.execute(
      `update system_settings set email_reminders_enabled = ?, reminder_time = ?, reminder_hours_advance = ?, reminder_minutes_before = ?,
              updated_at = now()
        where organization_id = ?`,
      [value.enabled, value.time, value.hoursAdvance, value.minutesBefore, TenantContext.require()],
    );
  }

  /** The reminder template an admin saved, or null while the built-in one is in use. */
  async savedEmailTemplate(): Promise<StoredEmailTemplate | null> {
    const rows = await this.em.execute<{ template: StoredEmailTemplate | null }[]>(
      'select email_template as template from system_settings where organization_id = ?',
      [TenantContext.require()],
    );
    return rows[0]?.template ?? null;
  }

  async saveEmailTemplate(template: StoredEmailTemplate): Promise<void> {
    await this.em.execute('update system_settings set email_template = ?::jsonb, updated_at = now() where organization_id = ?', [
      JSON.stringify(template),
      TenantContext.require(),
    ]);
  }
  /** Erasure: replaces a person's names and addresses (`pattern`, whole words, any case) by their pseudonym in the instructions, the reminder template and the procedure file's name; how many rows changed. */
  async scrub(pattern: string, pseudonym: string): Promise<number> {
    return (
      (
        await this.em.execute<{ id: string }[]>(
          `update system_settings set instructions_title = regexp_replace(instructions_title, ?, ?, 'gi'), instructions_content = regexp_replace(instructions_content, ?, ?, 'gi'), procedure_file_name = regexp_replace(procedure_file_name, ?, ?, 'gi'), email_template = regexp_replace(email_template::text, ?, ?, 'gi')::jsonb where organization_id = ? and (instructions_title ~* ? or instructions_content ~* ? or procedure_file_name ~* ? or email_template::text ~* ?) returning id`,
          [
            pattern,
            pseudonym,
            pattern,
            pseudonym,
            pattern,
            pseudonym,
            pattern,
            pseudonym,
            TenantContext.require(),
            pattern,
            pattern,
            pattern,
            pattern,
          ],
        )
      ).length +
      (
        await this.em.execute<{ id: string }[]>(
          `update procedure_files set file_name = regexp_replace(file_name, ?, ?, 'gi') where organization_id = ? and (file_name ~* ?) returning id`,
          [pattern, pseudonym, TenantContext.require(), pattern],
        )
      ).length
    );
  }
}

/** The rota rules of a settings row; the defaults without one. */
function rotaRulesOf(
  row: { mix_mode: MixMode; default_weekly_cap: number | null; week_a_start: string | null; keep_fairness: boolean; frozen_school_days: number } | undefined,
): RotaRules {
  return {
    mixMode: row?.mix_mode ?? DEFAULT_MIX_MODE,
    defaultWeeklyCap: row?.default_weekly_cap ?? null,
    weekAStart: row?.week_a_start ?? null,
    keepFairness: row?.keep_fairness ?? DEFAULT_KEEP_FAIRNESS,
    frozenSchoolDays: row?.frozen_school_days ?? DEFAULT_FROZEN_SCHOOL_DAYS,
  };
}
