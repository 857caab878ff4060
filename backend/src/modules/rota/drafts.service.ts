import { BadRequestException, ConflictException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth-user';
import { hasPermission } from '../../common/auth/roles';
import {
  academicYearOf,
  academicYearStartOf,
  academicYearStarting,
  addDays,
  datesBetween,
  daysInSpan,
  planningPeriodOf,
} from '../../common/clock/academic-year';
import type { IsoDate } from '../../common/clock/clock';
import { describeDate, describeDateRange } from '../../common/text/dates';
import { plural } from '../../common/text/plural';
import { UnitOfWork } from '../../database/unit-of-work';
import { AuditService } from '../audit/audit.service';
import { DutiesService } from '../duties/duties.service';
import { SchoolCalendar } from '../holidays/school-calendar';
import { OutboxService } from '../mail/outbox.service';
import { NotificationsService } from '../notifications/notifications.service';
import { SystemSettingsService } from '../settings/system-settings.service';
import { StaffDirectory } from '../staff/staff-directory.service';
import { OrganizationClock } from '../tenants/organization-clock';
import { OrganizationHosts } from '../tenants/organization-hosts.service';
import type { DraftDetailDto } from './dto/draft-detail.dto';
import type { DraftDto } from './dto/draft.dto';
import type { PublishedDraftDto } from './dto/published-draft.dto';
import type { RotaGridDto } from './dto/rota-grid.dto';
import { DutiesFairnessService } from './duties-fairness.service';
import { type DutyDays, DutiesPlanner } from './duties-planner';
import { DutiesRepair } from './duties-repair';
import { type DraftRow, type DraftSlotRow, DraftsRepository } from './drafts.repository';
import { publishedDutiesLetter, publishedDutiesNotice } from './drafts-emails';
import type { DaySlots } from './engine/rota-engine';
import { MAX_RANGE_DAYS } from './rota-days';
import { termDatesMissing } from './rota-errors';
import { draftGrid } from './draft-grid';
import { publishedDay } from './draft-publish';
import { MAX_GRID_DAYS } from './rota-grid.service';
import { RotaPlanner } from './rota-planner';
import type { RotaSlotsSource } from './rota-slots-source';
import { RotaRepository } from './rota.repository';

const round2 = (n: number) => Math.round(n * 100) / 100;

function statusOf(row: DraftRow): DraftDto['status'] {
  return row.published_at ? 'published' : row.discarded ? 'discarded' : 'open';
}

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

/** Each person's duties (date|duty keys) in `days`. */
function dutiesPerPerson(days: DutyDays): Map<string, Set<string>> {
  const held = new Map<string, Set<string>>();
  for (const [duty, byDate] of Object.entries(days)) {
    for (const [date, slots] of Object.entries(byDate)) {
      for (const slot of slots) if (slot) (held.get(slot.staffId) ?? held.set(slot.staffId, new Set()).get(slot.staffId)!).add(`${date}|${duty}`);
    }
  }
  return held;
}

/** How many slots of a day hold someone else (or nobody) after than before. */
function slotsChanged(before: DaySlots, after: DaySlots): number {
  let changed = 0;
  for (let i = 0; i < Math.max(before.length, after.length); i += 1) if ((before[i]?.staffId ?? null) !== (after[i]?.staffId ?? null)) changed += 1;
  return changed;
}

/**
 * Drafts (docs/product.md#drafts): a period planned by the engine apart from the rota — nobody but
 * admins and managers sees it, nobody is told — looked at (its days, its fairness, the health
 * check with it in place) and then published onto the rota in one transaction, each person whose
 * duties changed told once, or discarded.
 */
@Injectable()
export class DraftsService {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly audit: AuditService,
    private readonly organizationClock: OrganizationClock,
    private readonly settings: SystemSettingsService,
    private readonly calendar: SchoolCalendar,
    private readonly duties: DutiesService,
    private readonly dutiesPlanner: DutiesPlanner,
    private readonly dutiesRepair: DutiesRepair,
    private readonly planner: RotaPlanner,
    private readonly rota: RotaRepository,
    private readonly drafts: DraftsRepository,
    private readonly dutiesFairness: DutiesFairnessService,
    private readonly staffDirectory: StaffDirectory,
    private readonly outbox: OutboxService,
    private readonly notifications: NotificationsService,
    private readonly hosts: OrganizationHosts,
  ) {}

  /**
   * Plans the period as reshuffle would (the multi-duty engine, mode reshuffle, every other duty's
   * people staying and counting; the live rota's pinned duties kept) into a new draft. The live
   * rota is not touched and nobody is told. An open draft overlapping the period: 409.
   */
  async create(
    actor: AuthUser,
    options: { academicYear?: number; startDate?: IsoDate; endDate?: IsoDate; dutyIds?: string[]; allWeekdays?: boolean },
  ): Promise<DraftDetailDto> {
    const id = await this.unitOfWork.transaction(async () => {
      // The rota lock: the plan reads the rota and its facts as one moment.
      await this.settings.lockExclusive();
      const today = await this.organizationClock.today();
      const { from, to } = await this.period(today, options);
      if (to < from) throw new BadRequestException(`The end date must be on or after the first day planned (${describeDate(from)})`);
      if (daysInSpan(from, to) > MAX_RANGE_DAYS) throw new BadRequestException('A draft covers at most two years');
      if (!options.allWeekdays) {
        const missing = await this.calendar.yearsWithoutTerms(from, to);
        if (missing.length) throw termDatesMissing(missing);
      }
      const overlapping = await this.drafts.openOverlapping(from, to);
      if (overlapping) throw new ConflictException(`'${overlapping.name}' is still open over these days: publish or discard it first`);

      const facts = await this.dutiesPlanner.planningDuties();
      const dutyIds = await this.dutiesToPlan(
        facts.duties.map((d) => d.id),
        options.dutyIds,
      );
      const existing = await this.dutiesPlanner.existingBetween(from, to);
      const planned = await this.dutiesPlanner.plan({ mode: 'reshuffle', days: datesBetween(from, to), dutyIds, existing }, facts, {
        inWorker: true,
      });
      const slots: DraftSlotRow[] = [];
      for (const dutyId of dutyIds) {
        for (const [date, daySlots] of Object.entries(planned[dutyId] ?? {})) {
          if (date < from || date > to) continue;
          daySlots.forEach((slot, i) => slot && slots.push({ dutyId, date, position: i + 1, staffId: slot.staffId }));
        }
      }
      const name = `Draft ${describeDateRange(from, to)}`;
      const draftId = await this.drafts.create({ name, startDate: from, endDate: to, dutyIds, createdBy: actor.id }, slots);
      this.audit.record(actor, {
        kind: 'rota',
        action: 'rota.drafted',
        entityId: draftId,
        summary: `Planned a draft of ${describeDateRange(from, to)}: ${plural(slots.length, 'duty', 'duties')}, not published`,
        after: { startDate: from, endDate: to, dutyIds, duties: slots.length },
      });
      return draftId;
    });
    return this.detail(actor, id);
  }

  async list(): Promise<DraftDto[]> {
    return (await this.drafts.list()).map((row) => this.toDto(row));
  }

  /** The draft with each active person's duties in it and the year's fairness with it in place, in duties. */
  async detail(actor: AuthUser, id: string): Promise<DraftDetailDto> {
    const row = await this.found(id);
    const year = academicYearOf(row.start_date);
    const load = await this.dutiesFairness.load(actor, { academicYear: academicYearStartOf(row.start_date) }, this.inPlace(row));
    const inDraft = await this.drafts.countsPerPerson(id);
    // One duty: the average weight of the duties held (exactly 1 for the Duty Manager duty alone).
    const weights = new Map(load.duties.map((d) => [d.id, d.weight]));
    const held = load.rows.flatMap((r) => r.perDuty);
    const count = held.reduce((n, p) => n + p.count, 0);
    const unit = count ? held.reduce((n, p) => n + p.count * (weights.get(p.dutyId) ?? 0), 0) / count : (load.duties[0]?.weight ?? 1) || 1;
    const people = load.rows.map((r) => ({
      staffId: r.staffId,
      name: r.name,
      draftDuties: inDraft.get(r.staffId) ?? 0,
      load: round2(r.load / unit),
      share: round2(r.target / unit),
      difference: round2((r.load - r.target) / unit),
    }));
    return {
      ...this.toDto(row),
      academicYear: year.label,
      largestGap: round2(Math.max(0, ...people.map((p) => Math.abs(p.difference)))),
      people,
    };
  }

  /** The draft's days as the all-duties grid shows the rota's: `from`..`to`, within its period (its first 93 days by default). */
  async days(id: string, range: { from?: IsoDate; to?: IsoDate }): Promise<RotaGridDto> {
    const row = await this.found(id);
    const from = range.from ?? row.start_date;
    const to = range.to ?? (range.from ? addDays(range.from, MAX_GRID_DAYS - 1) : addDays(row.start_date, MAX_GRID_DAYS - 1));
    const end = to < row.end_date ? to : row.end_date;
    const start = from > row.start_date ? from : row.start_date;
    if (daysInSpan(start, end) > MAX_GRID_DAYS)
      throw new BadRequestException(`A draft's days come at most ${MAX_GRID_DAYS} at a time: ask for a shorter period`);
    const rows = end < start ? [] : await this.drafts.namedSlotsBetween(id, start, end);
    return draftGrid(await this.duties.list(), end < start ? [] : datesBetween(start, end), rows);
  }

  /**
   * The rota with the draft in place on its period, for the fairness view, the load view and the
   * health check (`?draftId=`): admins and managers only (403), a draft of this organisation (404).
   */
  async sourceFor(actor: AuthUser, id: string): Promise<{ source: RotaSlotsSource; academicYear: number }> {
    if (!hasPermission(actor.role, 'rota.manage')) throw new ForbiddenException('Only admins and managers can see drafts');
    const row = await this.found(id);
    return { source: this.inPlace(row), academicYear: academicYearStartOf(row.start_date) };
  }

  /**
   * Publishes the draft (docs/product.md#drafts), in one transaction under the rota lock: on its
   * period from tomorrow on, each planned duty's unpinned live slots become the draft's; then whatever now
   * breaks a hard rule is taken off, as the rota's integrity check does; then each person whose
   * duties in the period changed gets one email and one notification. Already published or
   * discarded: 409.
   */
  async publish(actor: AuthUser, id: string): Promise<PublishedDraftDto> {
    return this.unitOfWork.transaction(async () => {
      await this.settings.lockExclusive();
      const row = await this.drafts.find(id, { lock: true });
      if (!row) throw new NotFoundException('Draft not found');
      this.assertOpen(row);
      const today = await this.organizationClock.today();
      const tomorrow = addDays(today, 1);
      const from = row.start_date > tomorrow ? row.start_date : tomorrow;
      const to = row.end_date;
      if (to < from) throw new ConflictException(`The draft's days are over (it ended on ${describeDate(to)}): discard it`);
      const dutyIds = row.duty_ids ?? [];

      const before = await this.rota.dutySlotsBetween(from, to);
      const draft = await this.drafts.slotsOf(id, from, to);
      let changedSlots = 0;
      for (const dutyId of dutyIds) {
        const changed: Record<IsoDate, DaySlots> = {};
        for (const date of datesBetween(from, to)) {
          const was = before[dutyId]?.[date] ?? [];
          // The rota's pinned duties stay (the draft was planned around those pinned when it was made).
          const now = publishedDay(was, draft[dutyId]?.[date] ?? []);
          const diff = slotsChanged(was, now);
          if (!diff) continue;
          changed[date] = now;
          changedSlots += diff;
        }
        await this.rota.writeDays(changed, dutyId);
      }
      // Facts may have changed since the draft was made: what breaks a hard rule now goes, as after any change of facts.
      const slotsPerDay = await this.settings.dutyManagersPerDay();
      const state = await this.planner.repairState(from, slotsPerDay);
      const verdicts = state ? await this.planner.violationsIn(state) : [];
      if (verdicts.length) await this.planner.repair(verdicts, false, state ?? undefined);
      const check = await this.dutiesRepair.check(from);
      if (check) await this.dutiesRepair.repair(check, false);

      const after = await this.rota.dutySlotsBetween(from, to);
      const people = await this.tell(id, dutiesPerPerson(before), dutiesPerPerson(after), { from, to });
      await this.drafts.close(id, 'published');
      const message = `Published ${describeDateRange(from, to)}: ${plural(changedSlots, 'slot')} changed, ${plural(people, 'person', 'people')} told.`;
      this.audit.record(actor, {
        kind: 'rota',
        action: 'rota.published',
        entityId: id,
        summary: `Published a draft of the rota: ${message}`,
        after: { startDate: from, endDate: to, dutyIds, changedSlots, people },
      });
      return { changedSlots, people, message };
    });
  }

  /** Discards an open draft: it stays listed as discarded and can't be published. Already published or discarded: 409. */
  async discard(actor: AuthUser, id: string): Promise<void> {
    await this.unitOfWork.transaction(async () => {
      const row = await this.drafts.find(id, { lock: true });
      if (!row) throw new NotFoundException('Draft not found');
      this.assertOpen(row);
      await this.drafts.close(id, 'discarded');
      this.audit.record(actor, { kind: 'rota', action: 'rota.draft_discarded', entityId: id, summary: `Discarded ${row.name}` });
    });
  }

  /** One email and one notification to each person whose duties in `period` differ between `before` and `after`; how many. */
  private async tell(
    draftId: string,
    before: Map<string, Set<string>>,
    after: Map<string, Set<string>>,
    period: { from: IsoDate; to: IsoDate },
  ): Promise<number> {
    const changed = [...new Set([...before.keys(), ...after.keys()])].filter((staffId) => {
      const was = before.get(staffId) ?? new Set<string>();
      const is = after.get(staffId) ?? new Set<string>();
      return was.size !== is.size || [...is].some((key) => !was.has(key));
    });
    if (!changed.length) return 0;
    const people = await this.staffDirectory.byIds(changed);
    const myRota = `${await this.hosts.currentUrl()}/my-rota`;
    let told = 0;
    for (const staffId of changed) {
      const person = people.get(staffId);
      if (!person) continue;
      const dates = [...(after.get(staffId) ?? [])].map((key) => key.slice(0, 10)).sort();
      const duties = { count: dates.length, first: dates[0] ?? null };
      this.outbox.enqueueLetter({
        kind: 'draft-published',
        // A link to the app, which needs signing in: nothing here grants access.
        containsAccessLink: false,
        to: person.email,
        ...publishedDutiesLetter(person, duties, period, myRota),
      });
      this.notifications.notify([
        {
          userId: person.userId,
          kind: 'duty_changed',
          text: publishedDutiesNotice(duties, period),
          link: '/my-rota',
          eventKey: `draft:${draftId}:${person.id}`,
        },
      ]);
      told += 1;
    }
    return told;
  }

  private inPlace(row: DraftRow): RotaSlotsSource {
    return this.drafts.inPlace({ id: row.id, startDate: row.start_date, endDate: row.end_date, dutyIds: row.duty_ids ?? [] });
  }

  private async found(id: string): Promise<DraftRow> {
    const row = await this.drafts.find(id);
    if (!row) throw new NotFoundException('Draft not found');
    return row;
  }

  private assertOpen(row: DraftRow): void {
    if (row.published_at) throw new ConflictException('This draft has already been published');
    if (row.discarded) throw new ConflictException('This draft has been discarded');
  }

  private toDto(row: DraftRow): DraftDto {
    return {
      id: row.id,
      name: row.name,
      startDate: row.start_date,
      endDate: row.end_date,
      dutyIds: row.duty_ids ?? [],
      status: statusOf(row),
      duties: row.duties,
      createdAt: iso(row.created_at),
      publishedAt: row.published_at ? iso(row.published_at) : null,
    };
  }

  /** The duties `dutyIds` names (every running duty when not given), in the school's order; unknown: 404, paused: 400. */
  private async dutiesToPlan(running: string[], dutyIds: string[] | undefined): Promise<string[]> {
    if (!dutyIds) return running;
    for (const id of new Set(dutyIds)) {
      if (running.includes(id)) continue;
      const paused = (await this.duties.list()).find((d) => d.id === id);
      if (paused) throw new BadRequestException(`'${paused.name}' is paused: resume it to plan it`);
      throw new NotFoundException('Duty not found');
    }
    return running.filter((id) => dutyIds.includes(id));
  }

  /**
   * The days a draft plans: as reshuffle's (an academic year from tomorrow or its 1 September to
   * `endDate` or the end of its summer term; an `endDate` alone: from tomorrow; nothing: the
   * planning year), starting at `startDate` instead when one is given (after today).
   */
  private async period(
    today: IsoDate,
    { academicYear, startDate, endDate }: { academicYear?: number; startDate?: IsoDate; endDate?: IsoDate },
  ): Promise<{ from: IsoDate; to: IsoDate }> {
    const tomorrow = addDays(today, 1);
    if (startDate && startDate < tomorrow) throw new BadRequestException(`The start date must be after today (${describeDate(today)})`);
    const first = startDate ?? tomorrow;
    if (academicYear === undefined && endDate) return { from: first, to: endDate };
    const start = academicYear ?? (startDate ? academicYearStartOf(startDate) : await this.calendar.planningYear(today));
    const year = academicYearStarting(start);
    const period = planningPeriodOf(start, first, await this.calendar.termEnd(start));
    if (!period) throw new BadRequestException(`${year.label} is over: choose this academic year (or the next)`);
    if (endDate && (endDate < period.from || endDate > year.endDate)) {
      throw new BadRequestException(`The end date must fall within ${year.label}: ${describeDateRange(period.from, year.endDate)}`);
    }
    return { from: period.from, to: endDate ?? period.to };
  }
}
