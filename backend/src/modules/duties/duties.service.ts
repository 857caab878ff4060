import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import type { ErasedPerson } from '../../common/erasure/erased-person';
import type { AuthUser } from '../../common/auth/auth-user';
import { plural } from '../../common/text/plural';
import { AuditService } from '../audit/audit.service';
import type { RotaChange } from '../fact-changes/rota-change';
import { FactChangesService } from '../fact-changes/fact-changes.service';
import { DEFAULT_DUTY_MANAGERS_PER_DAY } from '../settings/entities/system-settings.entity';
import { SystemSettingsService } from '../settings/system-settings.service';
import { StaffGroupsService } from '../staff/staff-groups.service';
import { type CreateDutyDto, END_TIME_MESSAGE, START_TIME_MESSAGE } from './dto/create-duty.dto';
import type { DeletedDutyDto } from './dto/deleted-duty.dto';
import type { DutyDto } from './dto/duty.dto';
import type { AppliedDutyTemplateDto, DutyTemplateDto } from './dto/duty-template.dto';
import { ORDER_MESSAGE, type OrderDutiesDto } from './dto/order-duties.dto';
import type { SavedDutyDto } from './dto/saved-duty.dto';
import type { UpdateDutyDto } from './dto/update-duty.dto';
import { DUTY_TEMPLATES, dutyTemplate, minutesBetween } from './duty-templates';
import { type DutyRecord, DutiesRepository, type PlanningDuties } from './duties.repository';
import { type DutyFields, dutyFieldsOf } from './duty-list';
import type { Duty, DutyEligibility } from './entities/duty.entity';

const WEEKDAYS = [1, 2, 3, 4, 5];

export const DUTY_MANAGER_NAME_MESSAGE = 'The Duty Manager duty keeps its name';
export const DUTY_MANAGER_TIMES_MESSAGE = 'The Duty Manager duty runs all day: it has no start or end time';
export const DUTY_MANAGER_WEEKDAYS_MESSAGE =
  'The Duty Manager duty runs every weekday with the duty managers per day of the system settings: change that number there';
export const DUTY_MANAGER_MIX_MESSAGE = 'The Duty Manager duty always follows the teaching mix setting';
export const DUTY_MANAGER_PAUSE_MESSAGE = "The Duty Manager duty can't be paused";
export const DUTY_MANAGER_DELETE_MESSAGE = "The Duty Manager duty can't be deleted";
export const LISTED_EMPTY_MESSAGE = 'Name at least one staff group or person who may take the duty';
export const NOT_LISTED_MESSAGE = 'Staff groups and people are named only for a duty whose eligible is listed';

/**
 * The duties a school runs (docs/product.md#duties): the Duty Manager duty, which every school has
 * and whose people per day are the settings' duty managers per day, and those the school defines,
 * orders, pauses and deletes. A change that can make planned assignments break a rule (fewer
 * people, other weekdays or times, other people allowed, a pause, a deletion) is a change of
 * facts (FactChangesService.change): the rota is repaired in the same transaction. Every change
 * is audited (kind `duty`).
 */
@Injectable()
export class DutiesService {
  constructor(
    private readonly duties: DutiesRepository,
    private readonly settings: SystemSettingsService,
    private readonly groups: StaffGroupsService,
    private readonly factChanges: FactChangesService,
    private readonly audit: AuditService,
  ) {}

  /** Erasure (docs/security.md#retention-and-erasure): the person's names and addresses become their pseudonym in the duties' places and descriptions; how many rows changed. */
  scrubErased(person: ErasedPerson): Promise<number> {
    return this.duties.scrub(person.pattern, person.pseudonym);
  }

  /** The id of the organisation's Duty Manager duty: what a request or record of that duty names. */
  dutyManagerId(): Promise<string> {
    return this.duties.dutyManagerId();
  }

  /**
   * Every duty to plan (not deleted, not paused) in the school's order with its need per weekday,
   * window, weight, who may take it (listed groups expanded to their members) and the daily rules
   * and mix: one statement, for the rota planner.
   */
  planningDuties(): Promise<PlanningDuties> {
    return this.duties.planningDuties();
  }

  /** The names of the duties `ids`, deleted ones included, by id: what a removal of their people says. */
  namesOf(ids: string[]): Promise<Map<string, string>> {
    return this.duties.namesOf(ids);
  }

  /**
   * The duty a rota read or edit names (`dutyId`), deleted ones too (`deleted`: their past days
   * stay readable). Another organisation's or an unknown duty is not found (404, not 403).
   */
  async forRota(id: string): Promise<DutyDto & { deleted: boolean }> {
    const found = await this.duties.findWithDeleted(id);
    if (!found) throw new NotFoundException('Duty not found');
    return { ...toDutyDto(found, await this.settings.dutyManagersPerDay()), deleted: found.duty.archivedAt != null };
  }

  /** The organisation's duties not deleted, in the school's order. */
  /** Every duty not deleted, in the school's order: one statement (duty-list.ts). */
  async list(): Promise<DutyDto[]> {
    const rows = await this.duties.listRows();
    return rows.map((row) =>
      toDutyDto(
        { duty: dutyFieldsOf(row), weekdays: row.weekdays, groupIds: row.group_ids, staffIds: row.staff_ids },
        row.duty_managers_per_day ?? DEFAULT_DUTY_MANAGERS_PER_DAY,
      ),
    );
  }

  async create(actor: AuthUser, dto: CreateDutyDto): Promise<SavedDutyDto> {
    const { written } = await nameConflicts(dto.name, () =>
      this.factChanges.change(
        actor,
        async () => {
          await this.assertNamesFree([dto.name]);
          const eligible = dto.eligible ?? 'everyone';
          const { groupIds, staffIds } = await this.knownList(eligible, dto.groupIds ?? [], dto.staffIds ?? []);
          const startTime = dto.startTime ?? null;
          const endTime = dto.endTime ?? null;
          const duty = this.duties.add({
            name: dto.name,
            nameKey: nameKey(dto.name),
            place: dto.place || null,
            wetPlace: dto.wetPlace || null,
            description: dto.description ?? '',
            startTime,
            endTime,
            weight: dto.weight ?? defaultWeight(startTime, endTime),
            eligible,
            pairsTeaching: dto.pairsTeaching ?? false,
            sortOrder: await this.duties.nextSortOrder(),
          });
          await this.duties.flush();
          await this.duties.setWeekdays(duty, dto.weekdays);
          await this.duties.setEligibility(duty, groupIds, staffIds);
          await this.duties.flush();
          // A new duty breaks no planned assignment: nothing for the rota to check.
          return { duty: await this.view(duty.id), cause: null };
        },
        ({ duty }) =>
          this.audit.record(actor, {
            kind: 'duty',
            action: 'duty.created',
            entityId: duty.id,
            summary: `Added the duty '${duty.name}' (${describeDuty(duty)})`,
            after: duty,
          }),
      ),
    );
    return { duty: written.duty, rotaChange: null };
  }

  async update(actor: AuthUser, id: string, dto: UpdateDutyDto): Promise<SavedDutyDto> {
    const { written, rotaChange } = await nameConflicts(dto.name ?? '', () =>
      this.factChanges.change(
        actor,
        async () => {
          const duty = await this.lock(id);
          const before = await this.view(id);
          if (duty.isDutyManager) assertDutyManagerChange(dto, before);
          if (dto.name !== undefined && dto.name !== duty.name) {
            if (nameKey(dto.name) !== duty.nameKey) await this.assertNamesFree([dto.name], id);
            duty.name = dto.name;
            duty.nameKey = nameKey(dto.name);
          }
          if (dto.place !== undefined) duty.place = dto.place || null;
          if (dto.wetPlace !== undefined) duty.wetPlace = dto.wetPlace || null;
          if (dto.description !== undefined) duty.description = dto.description;
          if (dto.startTime !== undefined || dto.endTime !== undefined) {
            const startTime = dto.startTime ?? null;
            const endTime = dto.endTime ?? null;
            // Both or neither: one time alone says nothing about the window.
            if (startTime === null && endTime !== null) throw new BadRequestException(START_TIME_MESSAGE);
            if (endTime === null && startTime !== null) throw new BadRequestException(END_TIME_MESSAGE);
            // A weight left at its default (the window's minutes) follows the new window.
            if (dto.weight === undefined && duty.weight === defaultWeight(duty.startTime ?? null, duty.endTime ?? null)) {
              duty.weight = defaultWeight(startTime, endTime);
            }
            duty.startTime = startTime;
            duty.endTime = endTime;
          }
          if (dto.weight !== undefined) duty.weight = dto.weight;
          if (dto.pairsTeaching !== undefined && !duty.isDutyManager) duty.pairsTeaching = dto.pairsTeaching;
          if (dto.weekdays !== undefined && !duty.isDutyManager) await this.duties.setWeekdays(duty, dto.weekdays);
          if (dto.eligible !== undefined || dto.groupIds !== undefined || dto.staffIds !== undefined) {
            const eligible = dto.eligible ?? duty.eligible;
            const listed = eligible === 'listed';
            const { groupIds, staffIds } = await this.knownList(
              eligible,
              dto.groupIds ?? (listed ? before.groupIds : []),
              dto.staffIds ?? (listed ? before.staffIds : []),
            );
            duty.eligible = eligible;
            await this.duties.setEligibility(duty, groupIds, staffIds);
          }
          await this.duties.flush();
          const after = await this.view(id);
          // Fewer people, other weekdays or times, other people allowed: planned assignments may now break a rule.
          const cause = changesPlanning(before, after) ? `Changing the duty '${after.name}'` : null;
          return { before, after, cause };
        },
        ({ before, after }, rotaChange) =>
          this.audit.record(actor, {
            kind: 'duty',
            action: 'duty.updated',
            entityId: id,
            summary: `Changed the duty '${after.name}'` + (before.name !== after.name ? ` (was '${before.name}')` : '') + removedSummary(rotaChange),
            before,
            after,
          }),
      ),
    );
    return { duty: written.after, rotaChange };
  }

  /** Stops planning the duty: its assignments from today on go (recorded per person and date). */
  async pause(actor: AuthUser, id: string): Promise<SavedDutyDto> {
    const { written, rotaChange } = await this.factChanges.change(
      actor,
      async () => {
        const duty = await this.lock(id);
        if (duty.isDutyManager) throw new BadRequestException(DUTY_MANAGER_PAUSE_MESSAGE);
        const wasPaused = duty.paused;
        duty.paused = true;
        await this.duties.flush();
        return { duty: await this.view(id), wasPaused, cause: wasPaused ? null : `Pausing the duty '${duty.name}'` };
      },
      ({ duty, wasPaused }, rotaChange) => {
        if (wasPaused) return;
        this.audit.record(actor, {
          kind: 'duty',
          action: 'duty.paused',
          entityId: id,
          summary: `Paused the duty '${duty.name}'` + removedSummary(rotaChange),
          before: { paused: false },
          after: { paused: true, removedDuties: rotaChange?.removedDuties ?? 0 },
        });
      },
    );
    return { duty: written.duty, rotaChange };
  }

  /** Plans the duty again from now on; nothing comes back by itself (a fill does that). */
  async resume(actor: AuthUser, id: string): Promise<SavedDutyDto> {
    const { written } = await this.factChanges.change(
      actor,
      async () => {
        const duty = await this.lock(id);
        const wasPaused = duty.paused;
        duty.paused = false;
        await this.duties.flush();
        return { duty: await this.view(id), wasPaused, cause: null };
      },
      ({ duty, wasPaused }) => {
        if (!wasPaused) return;
        this.audit.record(actor, {
          kind: 'duty',
          action: 'duty.resumed',
          entityId: id,
          summary: `Resumed the duty '${duty.name}'`,
          before: { paused: true },
          after: { paused: false },
        });
      },
    );
    return { duty: written.duty, rotaChange: null };
  }

  /**
   * Deletes the duty: it is archived, no longer listed or planned, its name free again; its
   * assignments from today on go, its past ones stay (and keep counting in fairness).
   */
  async remove(actor: AuthUser, id: string): Promise<DeletedDutyDto> {
    const { rotaChange } = await this.factChanges.change(
      actor,
      async () => {
        const duty = await this.lock(id);
        if (duty.isDutyManager) throw new BadRequestException(DUTY_MANAGER_DELETE_MESSAGE);
        const before = await this.view(id);
        duty.archivedAt = new Date();
        duty.nameKey = null;
        await this.duties.flush();
        return { before, cause: `Deleting the duty '${duty.name}'` };
      },
      ({ before }, rotaChange) =>
        this.audit.record(actor, {
          kind: 'duty',
          action: 'duty.deleted',
          entityId: id,
          summary: `Deleted the duty '${before.name}'` + removedSummary(rotaChange),
          before,
          after: { removedDuties: rotaChange.removedDuties },
        }),
    );
    return { rotaChange };
  }

  /** Puts the school's duties in this order: every duty not deleted, each once. */
  async order(actor: AuthUser, dto: OrderDutiesDto): Promise<DutyDto[]> {
    await this.factChanges.change(
      actor,
      async () => {
        const current = await this.list();
        const ids = new Set(current.map((d) => d.id));
        if (dto.dutyIds.length !== ids.size || new Set(dto.dutyIds).size !== ids.size || dto.dutyIds.some((id) => !ids.has(id))) {
          throw new BadRequestException(ORDER_MESSAGE);
        }
        await this.duties.setOrder(dto.dutyIds);
        await this.duties.flush();
        const names = new Map(current.map((d) => [d.id, d.name]));
        return { before: current.map((d) => d.name), after: dto.dutyIds.map((id) => names.get(id)!), cause: null };
      },
      ({ before, after }) => {
        if (before.join('\n') === after.join('\n')) return;
        this.audit.record(actor, {
          kind: 'duty',
          action: 'duty.reordered',
          entityId: after.length ? dto.dutyIds[0]! : '',
          summary: `Put the duties in a new order: ${after.join(', ')}`,
          before: { order: before },
          after: { order: after },
        });
      },
    );
    return this.list();
  }

  templates(): DutyTemplateDto[] {
    return DUTY_TEMPLATES.map((template) => ({ ...template, duties: [...template.duties] }));
  }

  /** Adds the template's duties at the end of the order, but for those whose name the school has. */
  async applyTemplate(actor: AuthUser, key: string): Promise<AppliedDutyTemplateDto> {
    const template = dutyTemplate(key);
    if (!template) throw new NotFoundException('Duty template not found');
    const { written } = await this.factChanges.change(
      actor,
      async () => {
        const taken = await this.duties.namesTaken(template.duties.map((d) => nameKey(d.name)));
        const added: string[] = [];
        const skipped: string[] = [];
        let sortOrder = await this.duties.nextSortOrder();
        for (const item of template.duties) {
          if (taken.has(nameKey(item.name))) {
            skipped.push(item.name);
            continue;
          }
          const duty = this.duties.add({
            name: item.name,
            nameKey: nameKey(item.name),
            place: item.place,
            description: item.description,
            startTime: item.startTime,
            endTime: item.endTime,
            weight: item.weight,
            eligible: item.eligible,
            pairsTeaching: item.pairsTeaching,
            sortOrder: sortOrder++,
          });
          await this.duties.flush();
          await this.duties.setWeekdays(duty, item.weekdays);
          added.push(item.name);
        }
        await this.duties.flush();
        // New duties break no planned assignment.
        return { added, skipped, cause: null };
      },
      ({ added, skipped }) =>
        this.audit.record(actor, {
          kind: 'duty',
          action: 'duty.template-applied',
          entityId: template.key,
          summary:
            `Applied the ${template.name} template: added ${plural(added.length, 'duty', 'duties')}` +
            (skipped.length
              ? `, skipped ${skipped.map((name) => `'${name}'`).join(', ')} (the school has ${skipped.length === 1 ? 'it' : 'them'})`
              : ''),
          after: { template: template.key, added, skipped },
        }),
    );
    return { added: written.added, skipped: written.skipped };
  }

  private async view(id: string): Promise<DutyDto> {
    const found = await this.duties.find(id);
    if (!found) throw new NotFoundException('Duty not found');
    return toDutyDto(found, await this.settings.dutyManagersPerDay());
  }

  /** The duty, locked; another organisation's or a deleted one is not found (404, not 403). */
  private async lock(id: string): Promise<Duty> {
    const duty = await this.duties.lock(id);
    if (!duty) throw new NotFoundException('Duty not found');
    return duty;
  }

  private async assertNamesFree(names: string[], exceptId?: string): Promise<void> {
    const taken = await this.duties.namesTaken(names.map(nameKey), exceptId);
    const name = names.find((n) => taken.has(nameKey(n)));
    if (name !== undefined) throw nameTaken(name);
  }

  /** The groups and people a duty lists: some when `listed`, none otherwise; each of this organisation (else 404). */
  private async knownList(eligible: DutyEligibility, groupIds: string[], staffIds: string[]): Promise<{ groupIds: string[]; staffIds: string[] }> {
    if (eligible !== 'listed') {
      if (groupIds.length || staffIds.length) throw new BadRequestException(NOT_LISTED_MESSAGE);
      return { groupIds: [], staffIds: [] };
    }
    if (!groupIds.length && !staffIds.length) throw new BadRequestException(LISTED_EMPTY_MESSAGE);
    return { groupIds: await this.groups.knownGroups(groupIds), staffIds: await this.groups.knownStaffIds(staffIds) };
  }
}

const nameKey = (name: string) => name.toLocaleLowerCase('en-GB');

const nameTaken = (name: string) => new ConflictException(`A duty named '${name}' already exists`);

/**
 * The name check and the write are two statements: a duty of the same name saved in between
 * trips the unique constraint instead, and reads the same 409.
 */
async function nameConflicts<T>(name: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException && /duties_name_unique/.test(error.message)) throw nameTaken(name);
    throw error;
  }
}

/** A duty's weight when none is given: its minutes, 60 for an all-day duty. */
function defaultWeight(startTime: string | null, endTime: string | null): number {
  return startTime && endTime ? Math.min(600, Math.max(1, minutesBetween(startTime, endTime))) : 60;
}

/** What the Duty Manager duty can't take: another name, times, weekdays or people, no mix. 400 with the first. */
function assertDutyManagerChange(dto: UpdateDutyDto, current: DutyDto): void {
  if (dto.name !== undefined && dto.name !== current.name) throw new BadRequestException(DUTY_MANAGER_NAME_MESSAGE);
  if ((dto.startTime !== undefined && dto.startTime !== null) || (dto.endTime !== undefined && dto.endTime !== null)) {
    throw new BadRequestException(DUTY_MANAGER_TIMES_MESSAGE);
  }
  if (dto.weekdays !== undefined && weekdaysKey(dto.weekdays) !== weekdaysKey(current.weekdays))
    throw new BadRequestException(DUTY_MANAGER_WEEKDAYS_MESSAGE);
  if (dto.pairsTeaching === false) throw new BadRequestException(DUTY_MANAGER_MIX_MESSAGE);
}

const weekdaysKey = (weekdays: { weekday: number; people: number }[]) =>
  [...weekdays]
    .sort((a, b) => a.weekday - b.weekday)
    .map((w) => `${w.weekday}:${w.people}`)
    .join(',');

/** Whether the change touches what planning reads of the duty: weekdays and people, times, who may take it. */
function changesPlanning(before: DutyDto, after: DutyDto): boolean {
  return (
    weekdaysKey(before.weekdays) !== weekdaysKey(after.weekdays) ||
    before.startTime !== after.startTime ||
    before.endTime !== after.endTime ||
    before.eligible !== after.eligible ||
    before.groupIds.join() !== after.groupIds.join() ||
    before.staffIds.join() !== after.staffIds.join()
  );
}

function removedSummary(rotaChange: RotaChange | null): string {
  return rotaChange?.removedDuties ? ` (removed ${plural(rotaChange.removedDuties, 'future assignment')})` : '';
}

const DAY_NAMES = ['', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri'];

/** "12:00–12:30, Mon–Fri, 2 people a day" / "all day, Tue 1, Thu 2". */
function describeDuty(duty: DutyDto): string {
  const time = duty.startTime ? `${duty.startTime}–${duty.endTime}` : 'all day';
  const people = new Set(duty.weekdays.map((w) => w.people));
  const days =
    duty.weekdays.length === 5 && people.size === 1
      ? `Mon–Fri, ${plural(duty.weekdays[0]!.people, 'person', 'people')} a day`
      : duty.weekdays.map((w) => `${DAY_NAMES[w.weekday]} ${w.people}`).join(', ');
  return `${time}, ${days}`;
}

function toDutyDto({ duty, weekdays, groupIds, staffIds }: Omit<DutyRecord, 'duty'> & { duty: DutyFields }, dutyManagersPerDay: number): DutyDto {
  return {
    id: duty.id,
    isDutyManager: duty.isDutyManager === true,
    name: duty.name,
    place: duty.place ?? null,
    // Left out when none, so a duty without a wet-weather post reads as before.
    ...(duty.wetPlace ? { wetPlace: duty.wetPlace } : {}),
    description: duty.description,
    startTime: duty.startTime ?? null,
    endTime: duty.endTime ?? null,
    weekdays: duty.isDutyManager ? WEEKDAYS.map((weekday) => ({ weekday, people: dutyManagersPerDay })) : weekdays,
    eligible: duty.eligible,
    weight: duty.weight,
    pairsTeaching: duty.pairsTeaching,
    paused: duty.paused,
    sortOrder: duty.sortOrder,
    groupIds,
    staffIds,
  };
}
