import { EntityManager } from '@mikro-orm/postgresql';
import { BadRequestException, Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth-user';
import { plural } from '../../common/text/plural';
import { TenantContext } from '../../tenancy/tenant-context';
import { AuditService } from '../audit/audit.service';
import { FILE_FIELDS_MESSAGE, type SystemSettingsDto, type SystemSettingsUpdateResultDto, type UpdateSystemSettingsDto } from './dto/system-settings.dto';
import { type RotaChange, RotaIntegrity } from '../../common/rota-integrity/rota-integrity';
import { SystemSettingsRepository } from './system-settings.repository';

/** The Admin Panel's Duty Manager Settings and Instructions Manager (docs/product.md#duty-managers-per-day). */
@Injectable()
export class SettingsService {
  constructor(
    private readonly em: EntityManager,
    private readonly settings: SystemSettingsRepository,
    private readonly integrity: RotaIntegrity,
    private readonly audit: AuditService,
  ) {}

  async get(): Promise<SystemSettingsDto> {
    return this.read(this.em);
  }

  private async read(em: EntityManager): Promise<SystemSettingsDto> {
    const general = await this.settings.general(em);
    const [file] = await em.execute<{ file_name: string; kind: 'pdf' | 'doc' | 'docx'; size: number; created_at: Date }[]>(
      'select file_name, kind, size, created_at from procedure_files where organization_id = ?',
      [TenantContext.require()],
    );
    return {
      ...general,
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
    await this.settings.saveInstructions(em, title, content, removeFile);
    if (removeFile) await em.execute('delete from procedure_files where organization_id = ?', [TenantContext.require()]);
    const changed = [
      title !== before.instructionsTitle && 'title',
      content !== before.instructionsContent && 'text',
      removeFile && 'removed the procedure document',
    ].filter(Boolean);
    this.audit.record(em, actor, {
      kind: 'settings',
      action: 'settings.instructions',
      entityId: TenantContext.require(),
      summary: `Updated the instructions (${changed.join(', ')})`,
      before: { instructionsTitle: before.instructionsTitle, contentLength: before.instructionsContent.length, procedureFileName: before.procedureFileName },
      after: { instructionsTitle: title, contentLength: content.length, procedureFileName: removeFile ? null : before.procedureFileName },
    });
  }

  /**
   * Saves the settings. With fewer duty managers per day, the days from today on that have more
   * people than slots keep the ones the rules choose (docs/product.md#the-rota-stays-true), in the
   * same transaction, so the rota never shows more people than slots; past days stay as they were.
   */
  async update(actor: AuthUser, dto: UpdateSystemSettingsDto): Promise<SystemSettingsUpdateResultDto> {
    return this.em.transactional(async (em) => {
      const before = await this.settings.lockExclusive(em);
      await this.saveInstructions(em, actor, dto, await this.read(em));
      const after = dto.dutyManagersPerDay ?? before;
      let rotaChange: RotaChange | null = null;
      if (after !== before) {
        await this.settings.saveDutyManagersPerDay(em, after);
        if (after < before) {
          rotaChange = await this.integrity.restore(em, actor, { description: `Setting duty managers per day to ${after}` });
        }
        this.audit.record(em, actor, {
          kind: 'settings',
          action: 'settings.duty-managers-per-day',
          entityId: TenantContext.require(),
          summary:
            `Set duty managers per day to ${after}` +
            (rotaChange?.removedDuties ? ` (removed ${plural(rotaChange.removedDuties, 'future assignment')})` : ''),
          before: { dutyManagersPerDay: before },
          after: { dutyManagersPerDay: after, removedSlots: rotaChange?.removedDuties ?? 0 },
        });
      }
      return { ...(await this.read(em)), removedSlots: rotaChange?.removedDuties ?? 0, rotaChange };
    });
  }
}
