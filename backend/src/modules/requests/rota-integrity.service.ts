import { Injectable } from '@nestjs/common';
import { DutiesService } from '../duties/duties.service';
import type { AuthUser } from '../../common/auth/auth-user';
import { Clock } from '../../common/clock/clock';
import { UnitOfWork } from '../../database/unit-of-work';
import { plural } from '../../common/text/plural';
import { AuditService } from '../audit/audit.service';
import { NO_ROTA_CHANGE, type RotaChange, type RotaChangeCause, type RotaRepair } from '../fact-changes/rota-change';
import { CancelRequestsRepository } from './cancel-requests.repository';
import { RequestMessenger } from './request-messenger';
import { type DutyRemoval, freedSlots, RotaService } from '../rota/rota.service';
import { SystemSettingsService } from '../settings/system-settings.service';
import { dutiesAddedEmail, dutiesRepairedEmail, dutiesTakenOffEmail } from './request-emails';
import { loadPeople, type Person } from './request-people';
import { OrganizationClock } from '../tenants/organization-clock';
import { dutyTitle } from '../../common/text/duty-title';
import { StaffDirectory } from '../staff/staff-directory.service';

/** Three-letter months: ICU's en-GB short form varies by version ("Sep" or "Sept"). */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "7–8 Dec", "28 Nov – 3 Dec", "8 Dec": the span of the dates touched, for the change's message. */
export function describeSpan(dates: string[]): string {
  const sorted = [...dates].sort();
  const day = (iso: string) => Number(iso.slice(8));
  const month = (iso: string) => MONTHS[Number(iso.slice(5, 7)) - 1]!;
  const first = sorted[0]!;
  const last = sorted.at(-1)!;
  const year = (iso: string) => (first.slice(0, 4) === last.slice(0, 4) ? '' : ` ${iso.slice(0, 4)}`);
  if (first === last) return `${day(first)} ${month(first)}`;
  if (first.slice(0, 7) === last.slice(0, 7)) return `${day(first)}–${day(last)} ${month(first)}`;
  return `${day(first)} ${month(first)}${year(first)} – ${day(last)} ${month(last)}${year(last)}`;
}

const NOT_REFILLED: Partial<Record<Removal['rule'], string>> = {
  holiday: 'holiday',
  out_of_term: 'outside term time',
  weekend: 'weekend',
  over_capacity: 'fewer duty managers per day',
  duty_paused: 'duty paused',
  duty_deleted: 'duty deleted',
  duty_not_running: 'duty not running that day',
};

/** A person a repair takes off a slot of a duty. */
type Removal = Pick<DutyRemoval, 'date' | 'position' | 'staffId' | 'rule' | 'reason' | 'periodId' | 'dutyId'>;

/** A person a repair puts in a slot of a duty. */
interface Placed {
  date: string;
  position: number;
  staffId: string;
  dutyId: string;
}

/**
 * Keeps the planned rota true to the school (docs/product.md#the-rota-stays-true): after any change
 * of a fact the rota depends on, every assignment from today on that breaks a hard rule goes, in
 * the transaction that changed the fact. Each removal is kept as an approved cancellation naming
 * the person, the date and why; freed slots on days that stay open are refilled when auto-fill is
 * on; everyone affected gets one email with all their days. The fact-change call
 * (FactChangesService.change) runs it through its port, RotaRepair.
 */
@Injectable()
export class RotaIntegrityService implements RotaRepair {
  constructor(
    private readonly staffDirectory: StaffDirectory,
    private readonly cancelRequests: CancelRequestsRepository,
    private readonly unitOfWork: UnitOfWork,
    private readonly rota: RotaService,
    private readonly settings: SystemSettingsService,
    private readonly audit: AuditService,
    private readonly messenger: RequestMessenger,
    private readonly clock: Clock,
    private readonly organizationClock: OrganizationClock,
    private readonly duties: DutiesService,
  ) {}

  async lockRota(): Promise<void> {
    await this.settings.lockExclusive();
  }

  /**
   * Runs inside the fact-change call's transaction, which holds the rota lock (lockRota): the Duty
   * Manager duty's check and refill (RotaService.checkFrom/repair), then every duty's
   * (RotaService.checkDutiesFrom/repairDuties) on what the first left.
   */
  async repair(actor: AuthUser | undefined, cause: RotaChangeCause): Promise<RotaChange> {
    const slotsPerDay = await this.settings.dutyManagersPerDay();
    const today = await this.organizationClock.today();
    // The facts the check and the refill need, read once (RotaService.checkFrom).
    const check = await this.rota.checkFrom(today, slotsPerDay);
    const { verdicts } = check;
    let autoFill: boolean | undefined;
    const autoFillOn = async () => (autoFill ??= (await this.settings.autoApproval()).autoFillCancellations);
    // Where other duties run, or the Duty Manager duty is not everyone's, the multi-duty engine
    // refills what this pass frees: the Duty Manager duty's own engine sees neither.
    const handOver = verdicts.length > 0 && (await this.rota.dutiesRefillDutyManagerFrom(today));
    const replacements = verdicts.length ? await this.rota.repair(check, !handOver && (await autoFillOn())) : [];
    const duty = await this.duties.dutyManagerId();
    const removed: Removal[] = verdicts.flatMap((v) => v.violations).map((v) => ({ ...v, dutyId: duty }));
    const refills: Placed[] = replacements.map((r) => ({ ...r, dutyId: duty }));
    const freed = handOver ? verdicts.flatMap((v) => freedSlots(v, duty)) : [];

    const others = await this.rota.checkDutiesFrom(today, freed);
    if (others) {
      const refill = await autoFillOn();
      const names = new Map(others.facts.duties.map((d) => [d.id, dutyTitle(d.name, d.place)]));
      const otherRefills = await this.rota.repairDuties(others, refill);
      for (const r of others.removals) {
        const name = names.get(r.dutyId);
        // Its duty named (a paused or deleted duty's reason already names it).
        const reason = name && !r.reason.startsWith(name) ? `${name}: ${r.reason}` : r.reason;
        removed.push({ date: r.date, position: r.position, staffId: r.staffId, rule: r.rule, reason, periodId: r.periodId, dutyId: r.dutyId });
      }
      refills.push(...otherRefills);
    }
    const now = this.clock.now();
    const replacementOf = new Map(refills.map((r) => [`${r.dutyId}|${r.date}|${r.position}`, r.staffId]));
    // The removals are approved cancellations: the horizon's plan keeps each person off that day.
    await this.cancelRequests.addRepairRemovals(
      removed.map((v) => ({
        duty: v.dutyId,
        staff: v.staffId,
        date: v.date,
        reason: v.reason,
        unavailability: v.rule === 'unavailable' && v.periodId ? v.periodId : null,
        replacement: replacementOf.get(`${v.dutyId}|${v.date}|${v.position}`) ?? null,
      })),
      actor?.id ?? null,
      now,
    );
    const { keepFairness, frozenSchoolDays } = await this.settings.repairPolicy();
    // Fills what opened per auto-fill; rebalances per keep fairness (with auto-fill off, moves only).
    const fill = await autoFillOn();
    const horizon =
      fill || keepFairness
        ? await this.rota.repairHorizon(today, {
            rebalance: keepFairness,
            fill,
            frozenSchoolDays,
            termsExtended: cause.termsExtended,
            state: check.state,
          })
        : [];
    const filled = horizon.filter((c) => c.from === null);
    const moved = horizon.filter((c) => c.from !== null);
    if (!removed.length && !horizon.length) return NO_ROTA_CHANGE;

    const people = await loadPeople(this.staffDirectory, [
      ...removed.map((v) => v.staffId),
      ...refills.map((r) => r.staffId),
      ...horizon.flatMap((c) => (c.from ? [c.from, c.to] : [c.to])),
    ]);
    const removedFrom = new Map<string, { date: string; reason: string }[]>();
    const addedTo = new Map<string, { date: string; replacing: Person }[]>();
    const listOf = <T>(map: Map<string, T[]>, key: string) => map.get(key) ?? map.set(key, []).get(key)!;
    for (const v of removed) {
      listOf(removedFrom, v.staffId).push({ date: v.date, reason: v.reason });
      const replacement = replacementOf.get(`${v.dutyId}|${v.date}|${v.position}`);
      if (replacement) listOf(addedTo, replacement).push({ date: v.date, replacing: people.get(v.staffId)! });
    }
    // Told once per change: whoever the fill or the rebalance touched gets one letter with all of it.
    // Another duty's day names the duty (the Duty Manager duty's, as ever, doesn't).
    const titles = horizon.some((c) => c.dutyId !== duty)
      ? new Map((await this.duties.list()).map((d) => [d.id, dutyTitle(d.name, d.place)]))
      : new Map<string, string>();
    const dayOf = (c: { date: string; dutyId: string }) => ({
      date: c.date,
      ...(c.dutyId !== duty && titles.has(c.dutyId) ? { duty: titles.get(c.dutyId)! } : {}),
    });
    const filledFor = new Map<string, { date: string; duty?: string }[]>();
    const movedTo = new Map<string, { date: string; duty?: string }[]>();
    const movedFrom = new Map<string, { date: string; duty?: string }[]>();
    for (const c of filled) listOf(filledFor, c.to).push(dayOf(c));
    for (const c of moved) {
      listOf(movedTo, c.to).push(dayOf(c));
      listOf(movedFrom, c.from!).push(dayOf(c));
    }
    const repaired = new Set([...filledFor.keys(), ...movedTo.keys(), ...movedFrom.keys()]);
    for (const staffId of repaired) {
      const person = people.get(staffId);
      if (!person) continue;
      this.messenger.send(
        dutiesRepairedEmail(person, cause.description, {
          removed: removedFrom.get(staffId) ?? [],
          replacing: addedTo.get(staffId) ?? [],
          filled: filledFor.get(staffId) ?? [],
          movedTo: movedTo.get(staffId) ?? [],
          movedFrom: movedFrom.get(staffId) ?? [],
        }),
      );
    }
    for (const [staffId, removals] of removedFrom)
      if (!repaired.has(staffId)) this.messenger.send(dutiesTakenOffEmail(people.get(staffId)!, removals));
    for (const [staffId, added] of addedTo) if (!repaired.has(staffId)) this.messenger.send(dutiesAddedEmail(people.get(staffId)!, added));

    const removedDates = [...new Set(removed.map((v) => v.date))].sort();
    const filledDates = [...new Set(filled.map((c) => c.date))].sort();
    const dates = [...new Set([...removedDates, ...horizon.map((c) => c.date)])].sort();
    const refilled = refills.length;
    const parts: string[] = [];
    if (removed.length) {
      const unfilledReasons = [
        ...new Set(removed.filter((v) => !replacementOf.has(`${v.dutyId}|${v.date}|${v.position}`)).map((v) => NOT_REFILLED[v.rule])),
      ];
      const why =
        refilled === removed.length
          ? ''
          : unfilledReasons.every(Boolean)
            ? ` (${unfilledReasons.join(', ')})`
            : (await autoFillOn())
              ? ' (nobody else was free)'
              : ' (auto-fill is off)';
      parts.push(`removed ${plural(removed.length, 'duty', 'duties')} on ${describeSpan(removedDates)}; ${refilled} refilled${why}`);
    }
    if (filled.length) parts.push(`filled ${plural(filled.length, 'duty', 'duties')} on ${describeSpan(filledDates)}`);
    // "Deleting holiday 'Snow closure' filled 6 duties on 7–8 Dec; 2 duties moved to keep the rota fair."
    const did = parts.join(', and ') || `moved ${plural(moved.length, 'duty', 'duties')} to keep the rota fair`;
    const message = `${cause.description} ${did}${parts.length && moved.length ? `; ${plural(moved.length, 'duty', 'duties')} moved to keep the rota fair` : ''}.`;
    const key = (dutyId: string) => (dutyId === duty ? {} : { dutyId });
    // Written at once, not through the unit of work: its lists name every duty the repair touched.
    await this.audit.recordNow(actor, {
      kind: 'rota',
      action: 'rota.adjusted',
      entityId: dates.length === 1 ? dates[0]! : `${dates[0]}..${dates.at(-1)}`,
      summary: message,
      after: {
        cause: cause.description,
        removed: removed.map((v) => ({ date: v.date, staffId: v.staffId, rule: v.rule, reason: v.reason, ...key(v.dutyId) })),
        refilled: refills.map(({ dutyId, ...r }) => ({ ...r, ...key(dutyId) })),
        ...(horizon.length
          ? {
              filled: filled.map((c) => ({ date: c.date, position: c.position, staffId: c.to, ...key(c.dutyId) })),
              moved: moved.map((c) => ({ date: c.date, position: c.position, from: c.from, to: c.to, ...key(c.dutyId) })),
            }
          : {}),
      },
    });
    await this.unitOfWork.flush();
    return { removedDuties: removed.length, refilledDuties: refilled, filledDuties: filled.length, movedDuties: moved.length, dates, message };
  }
}
