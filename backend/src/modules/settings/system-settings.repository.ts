import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import {
  DEFAULT_AUTO_APPROVAL,
  DEFAULT_DUTY_MANAGERS_PER_DAY,
  DEFAULT_INSTRUCTIONS_TITLE,
  DEFAULT_REMINDERS,
  type StoredEmailTemplate,
} from './entities/system-settings.entity';

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
}

export interface GeneralSettings {
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
 * The row is also the organisation's lock for the rota: a write to the rota holds it shared
 * (`lockShared`), so assignments run alongside each other but never beside a settings change or
 * a bulk tool, which hold it exclusively (`lockExclusive`). Both return the duty managers per
 * day as of the lock, and must run inside `em`'s transaction.
 */
@Injectable()
export class SystemSettingsRepository {
  lockShared(em: EntityManager, organizationId: string): Promise<number> {
    return this.lock(em, organizationId, 'share');
  }

  lockExclusive(em: EntityManager, organizationId: string): Promise<number> {
    return this.lock(em, organizationId, 'update');
  }

  private async lock(em: EntityManager, organizationId: string, mode: 'share' | 'update'): Promise<number> {
    await em.execute(
      'insert into system_settings (id, organization_id) values (gen_random_uuid(), ?) on conflict (organization_id) do nothing',
      [organizationId],
    );
    const rows = await em.execute<{ n: number }[]>(
      `select duty_managers_per_day as n from system_settings where organization_id = ? for ${mode}`,
      [organizationId],
    );
    return rows[0]?.n ?? DEFAULT_DUTY_MANAGERS_PER_DAY;
  }

  /** The duty managers per day, without a lock. */
  async dutyManagersPerDay(em: EntityManager, organizationId: string): Promise<number> {
    const rows = await em.execute<{ n: number }[]>('select duty_managers_per_day as n from system_settings where organization_id = ?', [
      organizationId,
    ]);
    return rows[0]?.n ?? DEFAULT_DUTY_MANAGERS_PER_DAY;
  }

  async saveDutyManagersPerDay(em: EntityManager, organizationId: string, n: number): Promise<void> {
    await em.execute('update system_settings set duty_managers_per_day = ?, updated_at = now() where organization_id = ?', [
      n,
      organizationId,
    ]);
  }

  async autoApproval(em: EntityManager, organizationId: string): Promise<AutoApproval> {
    const rows = await em.execute<{ swaps: boolean; cancellations: boolean; auto_fill: boolean }[]>(
      `select auto_approval_swaps as swaps, auto_approval_cancellations as cancellations, auto_fill_cancellations as auto_fill
         from system_settings where organization_id = ?`,
      [organizationId],
    );
    const row = rows[0];
    return row
      ? { swaps: row.swaps, cancellations: row.cancellations, autoFillCancellations: row.auto_fill }
      : { ...DEFAULT_AUTO_APPROVAL };
  }

  async saveAutoApproval(em: EntityManager, organizationId: string, value: AutoApproval): Promise<void> {
    await em.execute(
      `update system_settings set auto_approval_swaps = ?, auto_approval_cancellations = ?, auto_fill_cancellations = ?, updated_at = now()
        where organization_id = ?`,
      [value.swaps, value.cancellations, value.autoFillCancellations, organizationId],
    );
  }

  /** Duty managers per day, the instructions and the procedure document's link. */
  async general(em: EntityManager, organizationId: string): Promise<GeneralSettings> {
    const [row] = await em.execute<{ per_day: number; title: string; content: string; url: string | null; name: string | null }[]>(
      `select duty_managers_per_day as per_day, instructions_title as title, instructions_content as content,
              procedure_file_url as url, procedure_file_name as name
         from system_settings where organization_id = ?`,
      [organizationId],
    );
    return {
      dutyManagersPerDay: row?.per_day ?? DEFAULT_DUTY_MANAGERS_PER_DAY,
      instructionsTitle: row?.title ?? DEFAULT_INSTRUCTIONS_TITLE,
      instructionsContent: row?.content ?? '',
      procedureFileUrl: row?.url ?? null,
      procedureFileName: row?.name ?? null,
    };
  }

  /** Saves the instructions' title and text; `removeFile` also drops the procedure document's link. */
  async saveInstructions(em: EntityManager, organizationId: string, title: string, content: string, removeFile: boolean): Promise<void> {
    await em.execute(
      `update system_settings set instructions_title = ?, instructions_content = ?, updated_at = now()
              ${removeFile ? ', procedure_file_url = null, procedure_file_name = null' : ''}
        where organization_id = ?`,
      [title, content, organizationId],
    );
  }

  async saveProcedureFileLink(em: EntityManager, organizationId: string, url: string, fileName: string): Promise<void> {
    await em.execute('update system_settings set procedure_file_url = ?, procedure_file_name = ?, updated_at = now() where organization_id = ?', [
      url,
      fileName,
      organizationId,
    ]);
  }

  async reminders(em: EntityManager, organizationId: string): Promise<ReminderSettings> {
    const rows = await em.execute<{ enabled: boolean; time: string; hours: number }[]>(
      `select email_reminders_enabled as enabled, reminder_time as time, reminder_hours_advance as hours
         from system_settings where organization_id = ?`,
      [organizationId],
    );
    const row = rows[0];
    return row ? { enabled: row.enabled, time: row.time, hoursAdvance: row.hours } : { ...DEFAULT_REMINDERS };
  }

  async saveReminders(em: EntityManager, organizationId: string, value: ReminderSettings): Promise<void> {
    await em.execute(
      `update system_settings set email_reminders_enabled = ?, reminder_time = ?, reminder_hours_advance = ?, updated_at = now()
        where organization_id = ?`,
      [value.enabled, value.time, value.hoursAdvance, organizationId],
    );
  }

  /** The reminder template an admin saved, or null while the built-in one is in use. */
  async savedEmailTemplate(em: EntityManager, organizationId: string): Promise<StoredEmailTemplate | null> {
    const rows = await em.execute<{ template: StoredEmailTemplate | null }[]>(
      'select email_template as template from system_settings where organization_id = ?',
      [organizationId],
    );
    return rows[0]?.template ?? null;
  }

  async saveEmailTemplate(em: EntityManager, organizationId: string, template: StoredEmailTemplate): Promise<void> {
    await em.execute('update system_settings set email_template = ?::jsonb, updated_at = now() where organization_id = ?', [
      JSON.stringify(template),
      organizationId,
    ]);
  }
}
