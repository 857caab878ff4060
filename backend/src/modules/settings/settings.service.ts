import { EntityManager } from '@mikro-orm/postgresql';
import { BadRequestException, Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth-user';
import { addDays } from '../../common/clock/academic-year';
import { Clock } from '../../common/clock/clock';
import { AuditService } from '../audit/audit.service';
import { organizationToday } from '../tenants/organization-today';
import { FILE_FIELDS_MESSAGE, type SystemSettingsDto, type SystemSettingsUpdateResultDto, type UpdateSystemSettingsDto } from './dto/system-settings.dto';
import { DEFAULT_AUTO_APPROVAL, DEFAULT_DUTY_MANAGERS_PER_DAY, DEFAULT_INSTRUCTIONS_TITLE } from './entities/system-settings.entity';

export interface AutoApproval {
  swaps: boolean;
  cancellations: boolean;
  autoFillCancellations: boolean;
}
import { plural } from '../../common/text/plural';

/**
 * How a rota write holds the settings row: `share` lets other assignments run alongside but not
 * a settings change or a bulk tool; `update` runs alone.
 */
export type SettingsLock = 'share' | 'update';

@Injectable()
export class SettingsService {
  constructor(
    private readonly em: EntityManager,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  /**
   * The organisation's duty managers per day, read inside `em`'s transaction. With a lock, the
   * row is created first when missing, so there is always a row to hold.
   */
  async dutyManagersPerDay(em: EntityManager, organizationId: string, lock?: SettingsLock): Promise<number> {
    if (lock) {
      await em.execute(
        'insert into system_settings (id, organization_id) values (gen_random_uuid(), ?) on conflict (organization_id) do nothing',
        [organizationId],
      );
    }
    const rows = await em.execute<{ n: number }[]>(
      `select duty_managers_per_day as n from system_settings where organization_id = ?${lock ? ` for ${lock}` : ''}`,
      [organizationId],
    );
    return rows[0]?.n ?? DEFAULT_DUTY_MANAGERS_PER_DAY;
  }

  /** The auto-approval switches (the defaults of docs/product.md#auto-approval when the row does not exist yet). */
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

  /** Saves the switches given; the others keep their value. Returns before and after. */
  async saveAutoApproval(em: EntityManager, organizationId: string, changes: Partial<AutoApproval>): Promise<{ before: AutoApproval; after: AutoApproval }> {
    // Creates the row when missing and holds it, so two saves don't read the same "before".
    await this.dutyManagersPerDay(em, organizationId, 'update');
    const before = await this.autoApproval(em, organizationId);
    const after = { ...before, ...Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) } as AutoApproval;
    await em.execute(
      `update system_settings set auto_approval_swaps = ?, auto_approval_cancellations = ?, auto_fill_cancellations = ?, updated_at = now()
        where organization_id = ?`,
      [after.swaps, after.cancellations, after.autoFillCancellations, organizationId],
    );
    return { before, after };
  }

  async get(actor: AuthUser): Promise<SystemSettingsDto> {
    return this.read(this.em, actor.organizationId);
  }

  private async read(em: EntityManager, organizationId: string): Promise<SystemSettingsDto> {
    const [row] = await em.execute<
      { per_day: number; title: string; content: string; url: string | null; name: string | null }[]
    >(
      `select duty_managers_per_day as per_day, instructions_title as title, instructions_content as content,
              procedure_file_url as url, procedure_file_name as name
         from system_settings where organization_id = ?`,
      [organizationId],
    );
    const [file] = await em.execute<{ file_name: string; kind: 'pdf' | 'doc' | 'docx'; size: number; created_at: Date }[]>(
      'select file_name, kind, size, created_at from procedure_files where organization_id = ?',
      [organizationId],
    );
    return {
      dutyManagersPerDay: row?.per_day ?? DEFAULT_DUTY_MANAGERS_PER_DAY,
      instructionsTitle: row?.title ?? DEFAULT_INSTRUCTIONS_TITLE,
      instructionsContent: row?.content ?? '',
      procedureFileUrl: row?.url ?? null,
      procedureFileName: row?.name ?? null,
      procedureFile: file ? { fileName: file.file_name, kind: file.kind, size: file.size, uploadedAt: new Date(file.created_at) } : null,
    };
  }

  /** Saves the Instructions Manager's title and text, or removes the document (null). */
  private async saveInstructions(em: EntityManager, actor: AuthUser, dto: UpdateSystemSettingsDto, before: SystemSettingsDto): Promise<void> {
    const changesFile = (value: string | null | undefined, current: string | null) => typeof value === 'string' && value !== current;
    if (changesFile(dto.procedureFileUrl, before.procedureFileUrl) || changesFile(dto.procedureFileName, before.procedureFileName)) {
      throw new BadRequestException(FILE_FIELDS_MESSAGE);
    }
    const removeFile = (dto.procedureFileUrl === null || dto.procedureFileName === null) && before.procedureFileName !== null;
    const title = dto.instructionsTitle ?? before.instructionsTitle;
    const content = dto.instructionsContent ?? before.instructionsContent;
    if (title === before.instructionsTitle && content === before.instructionsContent && !removeFile) return;
    await em.execute(
      `update system_settings set instructions_title = ?, instructions_content = ?, updated_at = now()
              ${removeFile ? ', procedure_file_url = null, procedure_file_name = null' : ''}
        where organization_id = ?`,
      [title, content, actor.organizationId],
    );
    if (removeFile) await em.execute('delete from procedure_files where organization_id = ?', [actor.organizationId]);
    const changed = [
      title !== before.instructionsTitle && 'title',
      content !== before.instructionsContent && 'text',
      removeFile && 'removed the procedure document',
    ].filter(Boolean);
    this.audit.record(em, actor, {
      kind: 'settings',
      action: 'settings.instructions',
      entityId: actor.organizationId,
      summary: `Updated the instructions (${changed.join(', ')})`,
      before: { instructionsTitle: before.instructionsTitle, contentLength: before.instructionsContent.length, procedureFileName: before.procedureFileName },
      after: { instructionsTitle: title, contentLength: content.length, procedureFileName: removeFile ? null : before.procedureFileName },
    });
  }

  /**
   * Saves the settings. Fewer duty managers per day removes the people in the slots that no
   * longer exist from tomorrow on (today and the past stay as they happened), in the same
   * transaction, so the rota never shows more people than slots.
   */
  async update(actor: AuthUser, dto: UpdateSystemSettingsDto): Promise<SystemSettingsUpdateResultDto> {
    return this.em.transactional(async (em) => {
      const before = await this.dutyManagersPerDay(em, actor.organizationId, 'update');
      await this.saveInstructions(em, actor, dto, await this.read(em, actor.organizationId));
      const after = dto.dutyManagersPerDay ?? before;
      let removedSlots = 0;
      if (after !== before) {
        await em.execute('update system_settings set duty_managers_per_day = ?, updated_at = now() where organization_id = ?', [
          after,
          actor.organizationId,
        ]);
        if (after < before) {
          const tomorrow = addDays(await organizationToday(em, this.clock, actor.organizationId), 1);
          const removed = await em.execute<{ id: string }[]>(
            'delete from rota_slots where organization_id = ? and date >= ? and position > ? returning id',
            [actor.organizationId, tomorrow, after],
          );
          removedSlots = removed.length;
          await em.execute(
            `delete from rota_days d where d.organization_id = ? and d.date >= ?
               and not exists (select 1 from rota_slots s where s.rota_day_id = d.id and s.organization_id = d.organization_id)`,
            [actor.organizationId, tomorrow],
          );
        }
        this.audit.record(em, actor, {
          kind: 'settings',
          action: 'settings.duty-managers-per-day',
          entityId: actor.organizationId,
          summary:
            `Set duty managers per day to ${after}` +
            (removedSlots ? ` (removed ${plural(removedSlots, 'future assignment')} from the extra slots)` : ''),
          before: { dutyManagersPerDay: before },
          after: { dutyManagersPerDay: after, removedSlots },
        });
      }
      return { ...(await this.read(em, actor.organizationId)), removedSlots };
    });
  }
}
