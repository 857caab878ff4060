import { Injectable, NotFoundException } from '@nestjs/common';
import type { ErasedPerson } from '../../common/erasure/erased-person';
import type { AuthUser } from '../../common/auth/auth-user';
import { Clock } from '../../common/clock/clock';
import { AuditService, changedFields } from '../audit/audit.service';
import { FactChangesService } from '../fact-changes/fact-changes.service';
import type { RotaChange } from '../fact-changes/rota-change';
import { SchoolCalendar } from './school-calendar';
import { BANK_HOLIDAY_REGION_LABELS, bankHolidaysInAcademicYear, type BankHolidayRegion } from './bank-holidays';
import type { AddBankHolidaysResultDto } from './dto/add-bank-holidays-result.dto';
import type { SavedHolidayDto } from './dto/saved-holiday.dto';
import type { BankHolidaysPreviewDto } from './dto/bank-holidays-preview.dto';
import type { HolidayDto } from './dto/holiday.dto';
import type { HolidayRangeQueryDto } from './dto/holiday-range-query.dto';
import type { SaveHolidayDto } from './dto/save-holiday.dto';
import type { Holiday } from './entities/holiday.entity';
import { HolidaysRepository } from './holidays.repository';
import { plural } from '../../common/text/plural';
import { describeDateRange } from '../../common/text/dates';
import { OrganizationsService } from '../tenants/organizations.service';
import { OrganizationClock } from '../tenants/organization-clock';

export function toHolidayDto(h: Holiday): HolidayDto {
  return {
    id: h.id,
    name: h.name,
    type: h.type,
    startDate: h.startDate,
    endDate: h.endDate,
    description: h.description ?? null,
  };
}

const describe = (h: { name: string; startDate: string; endDate: string }) => `${h.name} (${describeDateRange(h.startDate, h.endDate)})`;

/**
 * Holidays as the API shows and takes them. Adding or changing one, and adding bank holidays, are
 * fact changes (FactChangesService.change).
 */
@Injectable()
export class HolidaysService {
  constructor(
    private readonly holidays: HolidaysRepository,
    private readonly audit: AuditService,
    private readonly clock: Clock,
    private readonly organizations: OrganizationsService,
    private readonly factChanges: FactChangesService,
    private readonly calendar: SchoolCalendar,
    private readonly organizationClock: OrganizationClock,
  ) {}

  /** Erasure (docs/security.md#retention-and-erasure): the person's names and addresses become their pseudonym in holidays and terms; how many rows changed. */
  scrubErased(person: ErasedPerson): Promise<number> {
    return this.holidays.scrub(person.pattern, person.pseudonym);
  }

  async list(range: HolidayRangeQueryDto): Promise<HolidayDto[]> {
    return (await this.holidays.list(range.startDate, range.endDate)).map(toHolidayDto);
  }

  /** Adds a holiday; nobody stays on duty on its days from today on (docs/product.md#the-rota-stays-true). */
  async create(actor: AuthUser, dto: SaveHolidayDto): Promise<SavedHolidayDto> {
    const { written, rotaChange } = await this.factChanges.change(actor, () => this.add(actor, dto));
    return { ...written.holiday, rotaChange };
  }

  async update(actor: AuthUser, id: string, dto: SaveHolidayDto): Promise<SavedHolidayDto> {
    const { written, rotaChange } = await this.factChanges.change(actor, () => this.change(actor, id, dto));
    return { ...written.holiday, rotaChange };
  }

  /**
   * What adding the holiday (or, with `id`, changing that one to it) would do to the planned rota,
   * saving nothing: the same write and repair, rolled back (FactChangesService.preview).
   */
  preview(actor: AuthUser, dto: SaveHolidayDto, id?: string): Promise<RotaChange> {
    return this.factChanges.preview(actor, () => (id === undefined ? this.add(actor, dto) : this.change(actor, id, dto)));
  }

  private async add(actor: AuthUser, dto: SaveHolidayDto) {
    const holiday = this.holidays.add({ ...dto, description: dto.description ?? null });
    await this.holidays.flush();
    this.audit.record(actor, {
      kind: 'holiday',
      action: 'holiday.created',
      entityId: holiday.id,
      summary: `Added holiday ${describe(holiday)}`,
      after: toHolidayDto(holiday),
    });
    return { holiday: toHolidayDto(holiday), cause: `Adding holiday '${holiday.name}'` };
  }

  private async change(actor: AuthUser, id: string, dto: SaveHolidayDto) {
    const holiday = await this.find(id);
    const before = toHolidayDto(holiday);
    this.holidays.change(holiday, { ...dto, description: dto.description ?? null });
    const after = toHolidayDto(holiday);
    this.audit.record(actor, {
      kind: 'holiday',
      action: 'holiday.updated',
      entityId: holiday.id,
      summary: `Changed holiday ${describe(holiday)}`,
      ...changedFields(before, after),
    });
    return { holiday: after, cause: `Changing holiday '${holiday.name}'` };
  }

  /** Deletes a holiday; the repair then fills its days on the planned rota (docs/product.md#the-rota-stays-true). */
  async remove(actor: AuthUser, id: string): Promise<void> {
    await this.factChanges.change(actor, async () => {
      const holiday = await this.find(id);
      this.audit.record(actor, {
        kind: 'holiday',
        action: 'holiday.deleted',
        entityId: holiday.id,
        summary: `Deleted holiday ${describe(holiday)}`,
        before: toHolidayDto(holiday),
      });
      this.holidays.remove(holiday);
      return { cause: `Deleting holiday '${holiday.name}'` };
    });
  }

  /**
   * Adds the academic year's bank holidays (default: the planning year) of `region` (default: the organisation's), skipping
   * dates any holiday already covers. A region given is saved as the organisation's.
   */
  async addBankHolidays(actor: AuthUser, academicYearStart?: number, region?: BankHolidayRegion): Promise<AddBankHolidaysResultDto> {
    const { written, rotaChange } = await this.factChanges.change(actor, async () => {
      const start = academicYearStart ?? (await this.calendar.planningYear(await this.organizationClock.today()));
      const before = await this.organizations.region();
      const chosen = region ?? before;
      if (chosen !== before) await this.organizations.setRegion(chosen);
      const { candidates, covered } = await this.bankHolidaysOf(start, chosen);
      const added = candidates
        .filter((c) => !covered(c.date))
        .map((c) => this.holidays.add({ name: c.name, type: 'bank_holiday', startDate: c.date, endDate: c.date, description: null }));
      await this.holidays.flush();
      const academicYear = `${start}-${start + 1}`;
      const regionName = BANK_HOLIDAY_REGION_LABELS[chosen];
      const regionChange = chosen === before ? '' : `bank holiday region changed from ${BANK_HOLIDAY_REGION_LABELS[before]} to ${regionName}`;
      if (added.length || regionChange) {
        const addedText = added.length
          ? `Added ${plural(added.length, `${regionName} bank holiday`)} for ${academicYear}`
          : `No ${regionName} bank holidays to add for ${academicYear}`;
        this.audit.record(actor, {
          kind: 'holiday',
          action: 'holiday.bank-holidays-added',
          entityId: academicYear,
          summary: regionChange ? `${addedText}; ${regionChange}` : addedText,
          ...(regionChange ? { before: { region: before } } : {}),
          after: { region: chosen, dates: added.map((h) => h.startDate) },
        });
      }
      const result = { added: added.map(toHolidayDto), skipped: candidates.length - added.length, academicYear, region: chosen };
      return { result, cause: added.length ? `Adding ${plural(added.length, `${regionName} bank holiday`)}` : null };
    });
    return { ...written.result, rotaChange };
  }

  /**
   * The bank holidays "Add bank holidays" would add for the academic year and region (default:
   * the planning year — next year once this one's summer term has ended — and the organisation's region), each saying whether a holiday already covers it.
   * Changes nothing.
   */
  async previewBankHolidays(academicYearStart?: number, region?: BankHolidayRegion): Promise<BankHolidaysPreviewDto> {
    const start = academicYearStart ?? (await this.calendar.planningYear(await this.organizationClock.today()));
    const chosen = region ?? (await this.organizations.region());
    const { candidates, covered } = await this.bankHolidaysOf(start, chosen);
    return {
      region: chosen,
      academicYear: `${start}-${start + 1}`,
      holidays: candidates.map((c) => ({ date: c.date, name: c.name, alreadyCovered: covered(c.date) })),
    };
  }

  /** The region's bank holidays in the academic year, and which dates the organisation's holidays already cover. */
  private async bankHolidaysOf(start: number, region: BankHolidayRegion) {
    const candidates = bankHolidaysInAcademicYear(start, region);
    const existing = await this.holidays.touching(`${start}-09-01`, `${start + 1}-08-31`);
    const covered = (date: string) => existing.some((h) => h.startDate <= date && date <= h.endDate);
    return { candidates, covered };
  }

  private async find(id: string): Promise<Holiday> {
    // The tenant filter makes another organisation's holiday invisible: 404, not 403.
    const holiday = await this.holidays.findById(id);
    if (!holiday) throw new NotFoundException('Holiday not found');
    return holiday;
  }
}
