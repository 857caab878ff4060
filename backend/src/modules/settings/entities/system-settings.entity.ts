import { randomUUID } from 'node:crypto';
import { OptionalProps } from '@mikro-orm/core';
import { Check, Entity, Enum, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { TenantScopedEntity } from '../../../tenancy/tenant-scoped.entity';

/** New organisations start with two slots a day (docs/product.md#duty-managers-per-day). */
export const DEFAULT_DUTY_MANAGERS_PER_DAY = 2;
export const MIN_DUTY_MANAGERS_PER_DAY = 1;
export const MAX_DUTY_MANAGERS_PER_DAY = 5;
/** docs/product.md#auto-approval: swaps wait for approval, cancellations are processed and refilled at once. */
export const DEFAULT_AUTO_APPROVAL = { swaps: false, cancellations: true, autoFillCancellations: true } as const;
/** docs/product.md#reminders: reminders are on, at 08:30, 24 hours ahead; these are the advance choices. */
export const REMINDER_HOURS_CHOICES = [1, 2, 4, 8, 12, 24, 48] as const;
/** docs/product.md#reminders: a school may add a reminder this many minutes before each timed duty starts (off by default). */
export const REMINDER_MINUTES_CHOICES = [15, 30, 60] as const;
export const DEFAULT_REMINDERS = { enabled: true, time: '08:30', hoursAdvance: 24, minutesBefore: null } as const;
export const DEFAULT_INSTRUCTIONS_TITLE = 'Duty Manager Instructions';
export const INSTRUCTIONS_TITLE_MAX = 255;
export const INSTRUCTIONS_CONTENT_MAX = 20_000;
export const PROCEDURE_FILE_URL_MAX = 500;
export const PROCEDURE_FILE_NAME_MAX = 255;
/**
 * How the rota pairs teaching and non-teaching staff on a day (docs/product.md#the-rota-engine):
 * `always` whenever both kinds can be had, `when_fair` only while it costs no one more than a
 * duty above their fair share, `never`. The rota engine's MixMode has the same values.
 */
export const MIX_MODES = ['always', 'when_fair', 'never'] as const;
export type MixMode = (typeof MIX_MODES)[number];
export const DEFAULT_MIX_MODE: MixMode = 'when_fair';

/** After a change of facts, repairs rebalance (true) or only fill gaps (docs/product.md#the-rota-stays-true). */
export const DEFAULT_KEEP_FAIRNESS = true;
/** The school days after today that no repair or rebalance moves unless a hard rule forces it. */
export const DEFAULT_FROZEN_SCHOOL_DAYS = 5;
/** Leavers' personal data is anonymised this many months after they leave (docs/security.md#retention-and-erasure). */
export const DEFAULT_LEAVER_RETENTION_MONTHS = 12;
export const MIN_LEAVER_RETENTION_MONTHS = 1;
export const MAX_LEAVER_RETENTION_MONTHS = 120;
export const MAX_FROZEN_SCHOOL_DAYS = 20;
/** docs/product.md#duties: at most one duty a day per person, the all-day Duty Manager duty counted. */
export const DEFAULT_DUTY_RULES = { maxDutiesPerDay: 1, allDayDutiesCount: true } as const;

/** The reminder email's parts as the Email Template Editor edits them (docs/product.md#reminders). */
export interface StoredEmailTemplate {
  subject: string;
  greeting: string;
  mainMessage: string;
  keyReminders: string[];
  emergencyContacts: string[];
  footerMessage: string;
  signature: string;
}

/**
 * One organisation's settings: slots per day, auto-approval, reminders and instructions. The row is created on first use;
 * rota writes read it `FOR SHARE` and settings changes `FOR UPDATE`, so a change of the number
 * of slots and an assignment never interleave.
 */
@Entity({ tableName: 'system_settings' })
@Unique({ properties: ['organization'] })
@Check({ name: 'system_settings_duty_managers_per_day_range', expression: 'duty_managers_per_day >= 1 and duty_managers_per_day <= 5' })
@Check({ name: 'system_settings_reminder_hours_advance_choice', expression: 'reminder_hours_advance = 1 or reminder_hours_advance = 2 or reminder_hours_advance = 4 or reminder_hours_advance = 8 or reminder_hours_advance = 12 or reminder_hours_advance = 24 or reminder_hours_advance = 48' })
@Check({
  name: 'system_settings_reminder_minutes_before_choice',
  expression: 'reminder_minutes_before = 15 or reminder_minutes_before = 30 or reminder_minutes_before = 60',
})
@Check({ name: 'system_settings_reminder_time_format', expression: "reminder_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'" })
@Check({ name: 'system_settings_default_weekly_cap_range', expression: 'default_weekly_cap >= 1 and default_weekly_cap <= 5' })
@Check({ name: 'system_settings_week_a_start_monday', expression: 'extract(isodow from week_a_start) = 1' })
@Check({ name: 'system_settings_frozen_school_days_range', expression: 'frozen_school_days >= 0 and frozen_school_days <= 20' })
@Check({ name: 'system_settings_leaver_retention_months_range', expression: 'leaver_retention_months >= 1 and leaver_retention_months <= 120' })
@Check({ name: 'system_settings_max_duties_per_day_range', expression: 'max_duties_per_day >= 1 and max_duties_per_day <= 5' })
export class SystemSettings extends TenantScopedEntity {
  [OptionalProps]?:
    | 'organization'
    | 'dutyManagersPerDay'
    | 'autoApprovalSwaps'
    | 'autoApprovalCancellations'
    | 'autoFillCancellations'
    | 'emailRemindersEnabled'
    | 'reminderTime'
    | 'reminderHoursAdvance'
    | 'reminderMinutesBefore'
    | 'instructionsTitle'
    | 'instructionsContent'
    | 'mixMode'
    | 'keepFairness'
    | 'frozenSchoolDays'
    | 'leaverRetentionMonths'
    | 'maxDutiesPerDay'
    | 'allDayDutiesCount'
    | 'createdAt'
    | 'updatedAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  /** How many duty managers each weekday has: the number of slots of every rota day. */
  @Property({ type: 'smallint', default: DEFAULT_DUTY_MANAGERS_PER_DAY })
  dutyManagersPerDay: number = DEFAULT_DUTY_MANAGERS_PER_DAY;

  /** New swap requests are approved at once (default off, docs/product.md#auto-approval). */
  @Property({ type: 'boolean', default: DEFAULT_AUTO_APPROVAL.swaps })
  autoApprovalSwaps: boolean = DEFAULT_AUTO_APPROVAL.swaps;

  /** New cancel requests are approved at once (default on, docs/product.md#auto-approval). */
  @Property({ type: 'boolean', default: DEFAULT_AUTO_APPROVAL.cancellations })
  autoApprovalCancellations: boolean = DEFAULT_AUTO_APPROVAL.cancellations;

  /** An approved cancellation's slot is refilled by the least-loaded eligible person (default: on). */
  @Property({ type: 'boolean', default: DEFAULT_AUTO_APPROVAL.autoFillCancellations })
  autoFillCancellations: boolean = DEFAULT_AUTO_APPROVAL.autoFillCancellations;

  /** The scheduled reminder service emails people before their duty (on by default, docs/product.md#reminders). */
  @Property({ type: 'boolean', default: DEFAULT_REMINDERS.enabled })
  emailRemindersEnabled: boolean = DEFAULT_REMINDERS.enabled;

  /** Wall time (HH:mm, the organisation's zone) of the reminder before the duty. */
  @Property({ type: 'string', length: 5, default: DEFAULT_REMINDERS.time })
  reminderTime: string = DEFAULT_REMINDERS.time;

  /** How many hours before the duty day's reminder time the reminder goes out (1–48). */
  @Property({ type: 'smallint', default: DEFAULT_REMINDERS.hoursAdvance })
  reminderHoursAdvance: number = DEFAULT_REMINDERS.hoursAdvance;

  /** Minutes before a timed duty starts of a second reminder (15, 30 or 60); null: none on the day. */
  @Property({ type: 'smallint', nullable: true })
  reminderMinutesBefore?: number | null;

  /** Teaching/non-teaching pairing (docs/product.md#the-rota-engine); new organisations pair when it is fair. */
  @Enum({ items: () => MIX_MODES, default: DEFAULT_MIX_MODE })
  mixMode: MixMode = DEFAULT_MIX_MODE;

  /** Whether a repair after a change of facts also rebalances with the fewest changes (true) or only fills gaps. */
  @Property({ type: 'boolean', default: DEFAULT_KEEP_FAIRNESS })
  keepFairness: boolean = DEFAULT_KEEP_FAIRNESS;

  /** School days after today (0–20) that no repair or rebalance moves unless a hard rule forces it. */
  @Property({ type: 'smallint', default: DEFAULT_FROZEN_SCHOOL_DAYS })
  frozenSchoolDays: number = DEFAULT_FROZEN_SCHOOL_DAYS;

  /** Months after someone leaves (is deactivated) until their personal data is anonymised (1–120). */
  @Property({ type: 'smallint', default: DEFAULT_LEAVER_RETENTION_MONTHS })
  leaverRetentionMonths: number = DEFAULT_LEAVER_RETENTION_MONTHS;

  /** The weekly cap of everyone without their own (1–5 duties a Monday–Sunday week); null: no cap. */
  @Property({ type: 'smallint', nullable: true })
  defaultWeeklyCap?: number | null;

  /** A Monday that begins a Week A, for two-week timetables; weeks alternate A, B from it both ways. Null: not set. */
  @Property({ type: 'date', nullable: true, fieldName: 'week_a_start' })
  weekAStart?: string | null;

  /** The most duties one person takes on one day (1–5, docs/product.md#duties). */
  @Property({ type: 'smallint', default: DEFAULT_DUTY_RULES.maxDutiesPerDay })
  maxDutiesPerDay: number = DEFAULT_DUTY_RULES.maxDutiesPerDay;

  /** Whether an all-day duty (the Duty Manager duty) counts towards that maximum. */
  @Property({ type: 'boolean', default: DEFAULT_DUTY_RULES.allDayDutiesCount })
  allDayDutiesCount: boolean = DEFAULT_DUTY_RULES.allDayDutiesCount;

  /** The edited reminder template (sanitised HTML parts); empty: the built-in template. */
  @Property({ type: 'json', nullable: true })
  emailTemplate?: StoredEmailTemplate;

  @Property({ type: 'string', length: INSTRUCTIONS_TITLE_MAX, default: DEFAULT_INSTRUCTIONS_TITLE })
  instructionsTitle: string = DEFAULT_INSTRUCTIONS_TITLE;

  /** Plain text shown preformatted on the Instructions page; empty: nothing configured yet. */
  @Property({ type: 'text', default: '' })
  instructionsContent = '';

  /** Where the uploaded procedure document is downloaded from; set by the upload. */
  @Property({ type: 'string', length: PROCEDURE_FILE_URL_MAX, nullable: true })
  procedureFileUrl?: string;

  @Property({ type: 'string', length: PROCEDURE_FILE_NAME_MAX, nullable: true })
  procedureFileName?: string;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
