import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth-user';
import { daysInSpan } from '../../common/clock/academic-year';
import type { IsoDate } from '../../common/clock/clock';
import { describeDate, describeDateRange } from '../../common/text/dates';
import { plural } from '../../common/text/plural';
import { UnitOfWork } from '../../database/unit-of-work';
import { AuditService } from '../audit/audit.service';
import { DutiesService } from '../duties/duties.service';
import type { UnpinResultDto } from './dto/unpin-result.dto';
import { MAX_RANGE_DAYS } from './rota-days';
import { RotaRepository } from './rota.repository';
import { RotaService } from './rota.service';

/**
 * Unpinning (docs/product.md#pinned-duties): a pinned duty — an approved swap, an accepted cover,
 * a hand edit, an override — stays put through every bulk tool, engine run and repair until an
 * admin or manager unpins it, one by one or all in a period. Unpinning is audited; with keep
 * fairness on, the rota is then kept fair with what it freed (RotaService.keepFair), which tells
 * whoever it moves. Each runs holding the rota lock (RotaService.lockForChange), so no bulk run
 * interleaves.
 */
@Injectable()
export class RotaPinsService {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly audit: AuditService,
    private readonly duties: DutiesService,
    private readonly rota: RotaRepository,
    private readonly rotaService: RotaService,
  ) {}

  /** DELETE /api/rota/slots/{id}/pin: unpins one slot (nothing to do when it isn't pinned); 404 for a slot not in this organisation. */
  async unpinSlot(actor: AuthUser, id: string): Promise<void> {
    await this.unitOfWork.transaction(async () => {
      await this.rotaService.lockForChange();
      const slot = await this.rota.unpinSlot(id);
      if (!slot) throw new NotFoundException('Rota slot not found');
      if (!slot.wasPinned) return;
      const duty = await this.duties.forRota(slot.dutyId);
      this.audit.record(actor, {
        kind: 'rota',
        action: 'rota.unpinned',
        entityId: id,
        summary: `Unpinned ${duty.name} on ${describeDate(slot.date)}`,
        before: { date: slot.date, dutyId: slot.dutyId, position: slot.position, staffId: slot.staffId, pinnedReason: slot.reason },
        after: { pinned: false },
      });
      // Free to move now: the rota is kept fair around it (keep fairness on).
      await this.rotaService.keepFair(actor, `unpinning ${duty.name} on ${describeDate(slot.date)}`);
      await this.unitOfWork.flush();
    });
  }

  /** POST /api/rota/unpin: unpins every pinned duty of `from`..`to` (of `dutyId`'s duty only when given). */
  async unpinBetween(actor: AuthUser, from: IsoDate, to: IsoDate, dutyId?: string): Promise<UnpinResultDto> {
    if (daysInSpan(from, to) > MAX_RANGE_DAYS) throw new BadRequestException('The period can cover at most two years; choose a shorter one');
    return this.unitOfWork.transaction(async () => {
      await this.rotaService.lockForChange();
      const duty = dutyId === undefined ? undefined : await this.duties.forRota(dutyId);
      const unpinned = await this.rota.unpinBetween(from, to, duty?.id);
      this.audit.record(actor, {
        kind: 'rota',
        action: 'rota.unpinned',
        entityId: `${from}..${to}`,
        summary: `Unpinned ${plural(unpinned, 'duty', 'duties')}${duty ? ` of ${duty.name}` : ''} from ${describeDateRange(from, to)}`,
        after: { from, to, unpinned, ...(duty ? { dutyId: duty.id } : {}) },
      });
      if (unpinned) await this.rotaService.keepFair(actor, `unpinning ${plural(unpinned, 'duty', 'duties')} from ${describeDateRange(from, to)}`);
      await this.unitOfWork.flush();
      return { unpinned };
    });
  }
}
