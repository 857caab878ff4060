import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth-user';
import { addDays } from '../../common/clock/academic-year';
import { Clock } from '../../common/clock/clock';
import { AuditService } from '../audit/audit.service';
import { organizationToday } from '../tenants/organization-today';
import type { SystemSettingsDto, SystemSettingsUpdateResultDto, UpdateSystemSettingsDto } from './dto/system-settings.dto';
import { DEFAULT_AUTO_APPROVAL, DEFAULT_DUTY_MANAGERS_PER_DAY } from './entities/system-settings.entity';

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

  /** The auto-approval switches (PRODUCT.md defaults when the row does not exist yet). */
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
    return { dutyManagersPerDay: await this.dutyManagersPerDay(this.em, actor.organizationId) };
  }

  /**
   * Saves the settings. Fewer duty managers per day removes the people in the slots that no
   * longer exist from tomorrow on (today and the past stay as they happened), in the same
   * transaction, so the rota never shows more people than slots.
   */
  async update(actor: AuthUser, dto: UpdateSystemSettingsDto): Promise<SystemSettingsUpdateResultDto> {
    return this.em.transactional(async (em) => {
      const before = await this.dutyManagersPerDay(em, actor.organizationId, 'update');
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
               and not exists (select 1 from rota_slots s where s.rota_day_id = d.id)`,
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
      return { dutyManagersPerDay: after, removedSlots };
    });
  }
}
