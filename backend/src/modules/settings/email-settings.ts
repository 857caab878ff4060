import type { EntityManager } from '@mikro-orm/postgresql';
import { DEFAULT_EMAIL_TEMPLATE, type EmailTemplate } from '../mail/reminders/reminder-template';
import { DEFAULT_REMINDERS, type StoredEmailTemplate } from './entities/system-settings.entity';

export interface ReminderSettings {
  enabled: boolean;
  /** `HH:mm`, the organisation's zone. */
  time: string;
  hoursAdvance: number;
}

/** The organisation's reminder switches (the defaults of docs/product.md#reminders when no row exists yet). */
export async function readReminderSettings(em: EntityManager, organizationId: string): Promise<ReminderSettings> {
  const rows = await em.execute<{ enabled: boolean; time: string; hours: number }[]>(
    `select email_reminders_enabled as enabled, reminder_time as time, reminder_hours_advance as hours
       from system_settings where organization_id = ?`,
    [organizationId],
  );
  const row = rows[0];
  return row ? { enabled: row.enabled, time: row.time, hoursAdvance: row.hours } : { ...DEFAULT_REMINDERS };
}

/** The template an admin saved, or null while the built-in one is in use. */
export async function readSavedTemplate(em: EntityManager, organizationId: string): Promise<EmailTemplate | null> {
  const rows = await em.execute<{ template: StoredEmailTemplate | null }[]>(
    'select email_template as template from system_settings where organization_id = ?',
    [organizationId],
  );
  const stored = rows[0]?.template;
  return stored ? { ...DEFAULT_EMAIL_TEMPLATE, ...stored } : null;
}

/** The saved reminder template, or the built-in one. */
export async function readEmailTemplate(em: EntityManager, organizationId: string): Promise<EmailTemplate> {
  return (await readSavedTemplate(em, organizationId)) ?? { ...DEFAULT_EMAIL_TEMPLATE };
}
