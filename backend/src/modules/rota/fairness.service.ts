import { BadRequestException, Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth-user';
import { hasPermission } from '../../common/auth/roles';
import { addDays } from '../../common/clock/academic-year';
import type { IsoDate } from '../../common/clock/clock';
import type { SpreadsheetCell } from '../../common/spreadsheet/spreadsheet';
import { BUILD_SPREADSHEET } from '../../common/spreadsheet/spreadsheet.task';
import { WorkerPool, workerTask } from '../../common/workers/worker-pool';
import { SchoolCalendar } from '../holidays/school-calendar';
import { academicYearLabel } from '../holidays/term-dates';
import { SystemSettingsService } from '../settings/system-settings.service';
import { StaffDirectory } from '../staff/staff-directory.service';
import { OrganizationClock } from '../tenants/organization-clock';
import type { ExportFormat, FairnessPeriod } from './dto/fairness-fields';
import type { FairnessDto } from './dto/fairness.dto';
import type { fairnessTable } from './fairness-table';
import { RotaPlanner } from './rota-planner';
import { RotaRepository } from './rota.repository';
import type { RotaSlotsSource } from './rota-slots-source';

const WEEKDAY_SHORT = ['', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri'];

/** A file to send: its bytes, type and name. */
export interface ExportFile {
  body: Buffer;
  contentType: string;
  fileName: string;
}

/** The fairness table's CPU-heavy part, run in a worker thread (common/workers/worker-pool.ts). */
const FAIRNESS_TABLE = workerTask<typeof fairnessTable>(__dirname, __filename, 'fairness-table', 'fairnessTable');

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * The fairness view (docs/product.md#fair-share): each person's duties done and planned over the year
 * or a term, against their fair share of that period's duties — the period's school days × slots,
 * shared by availability (working pattern, leave, contract fraction) as the engine shares them —
 * with the team's largest difference, spread and √Σd². Exports it, and the rota, as CSV or XLSX.
 */
@Injectable()
export class FairnessService {
  constructor(
    private readonly staffDirectory: StaffDirectory,
    private readonly organizationClock: OrganizationClock,
    private readonly planner: RotaPlanner,
    private readonly rota: RotaRepository,
    private readonly calendar: SchoolCalendar,
    private readonly settings: SystemSettingsService,
    private readonly workers: WorkerPool,
  ) {}

  /** With `slots`, a draft's in place of the live rota on its period (docs/product.md#drafts). */
  async fairness(
    actor: AuthUser,
    query: { academicYear?: number; period?: FairnessPeriod },
    slots: RotaSlotsSource = this.rota,
  ): Promise<FairnessDto> {
    const today = await this.organizationClock.today();
    // The planning year by default: in the summer, the year being planned is next year.
    const year = query.academicYear ?? (await this.calendar.planningYear(today));
    const period = query.period ?? 'year';
    const { startDate, endDate } = await this.bounds(year, period);

    const slotsPerDay = await this.settings.dutyManagersPerDay();
    const staff = await this.planner.staffFacts();
    const counts = await slots.dutyCounts(startDate, endDate, today);
    // The period's duties: those held up to today (a day under way is planned by hand; the bulk
    // tools start tomorrow), then the slots still to come. A past day left short is nobody's share.
    const tomorrow = addDays(today, 1);
    const doneBefore = await slots.dutyCountBetween(startDate, today < endDate ? today : endDate);
    const measured = { ...(await this.planner.fairSharePeriod(startDate, endDate)), from: tomorrow, doneBefore };
    const people = await this.staffDirectory.byIds(staff.map((s) => s.id));
    const departments = new Map((await this.staffDirectory.roster()).map((r) => [r.id, r.department]));
    const names = new Map([...people].map(([id, p]) => [id, p.name]));
    const { rows: all, summary } = await this.workers.run(FAIRNESS_TABLE, { staff, counts, names, departments, slotsPerDay, measured });
    // Staff see their own line against the team (docs/product.md#fair-share).
    const rows = hasPermission(actor.role, 'rota.manage') ? all : all.filter((r) => people.get(r.staffId)?.userId === actor.id);
    return { academicYear: academicYearLabel(year), period, startDate, endDate, rows, summary };
  }

  async exportFairness(
    actor: AuthUser,
    query: { academicYear?: number; period?: FairnessPeriod; format: ExportFormat },
    slots: RotaSlotsSource = this.rota,
  ): Promise<ExportFile> {
    const view = await this.fairness(actor, query, slots);
    // How each share was made follows the figures (docs/product.md#the-fairness-view).
    const header = [
      'Name', 'Department', 'Staff type', 'Working days', 'Done', 'Planned', 'Fair share', 'Difference',
      'Available days', 'FTE', 'Day weight', 'Weighted days', 'How the share is made',
    ];
    const rows = view.rows.map((r) => [
      r.name,
      r.department ?? '',
      r.isTeaching ? 'Teaching' : 'Non-Teaching',
      r.workingDays.map((d) => WEEKDAY_SHORT[d]).join(' '),
      r.done,
      r.planned,
      r.share,
      r.difference,
      r.availableDays,
      r.fte ?? '',
      r.dayWeight,
      r.weightedDays,
      r.shareExplanation,
    ]);
    const s = view.summary;
    const summary = [
      [],
      ['From', { date: view.startDate }],
      ['To', { date: view.endDate }],
      ['Total duties', s.totalDuties],
      ['Average per person', s.averageDuties],
      ['Largest difference', s.largestDifference],
      ['Spread (max − min)', s.spread],
      ['√Σ difference²', s.rootSumOfSquares],
      ['School days', s.schoolDays],
      ['Duties shared', s.dutiesShared],
      ['Weighted days', s.weightedDays],
      ['Fair share', s.shareRule],
    ];
    const name = `fairness-${view.academicYear}-${view.period}`;
    return this.file(query.format, name, `Fairness ${view.academicYear} ${view.period}`, header, [...rows, ...summary]);
  }

  /**
   * The rota of `startDate`..`endDate` as a file: a row per day with someone on the Duty Manager
   * duty. With `slots`, a draft's in place of the live rota on its period (docs/product.md#drafts).
   */
  async exportRota(startDate: string, endDate: string, format: ExportFormat, slots?: RotaSlotsSource): Promise<ExportFile> {
    if (endDate < startDate) throw new BadRequestException('endDate must be on or after startDate');
    if ((Date.parse(endDate) - Date.parse(startDate)) / 86_400_000 > 400) throw new BadRequestException('An export covers at most a year and a month');
    const slotsPerDay = await this.settings.dutyManagersPerDay();
    const days = slots ? await this.namedDays(slots, startDate, endDate) : await this.rota.daysBetween(startDate, endDate, slotsPerDay);
    const width = Math.max(slotsPerDay, ...days.map((d) => d.slots.length));
    const header = ['Date', 'Day', ...Array.from({ length: width }, (_, i) => `Duty Manager ${i + 1}`)];
    const weekday = new Intl.DateTimeFormat('en-GB', { weekday: 'long', timeZone: 'UTC' });
    const rows = days.map((d) => [
      { date: d.date },
      weekday.format(new Date(`${d.date}T00:00:00Z`)),
      ...Array.from({ length: width }, (_, i) => d.slots[i]?.staff?.name ?? ''),
    ]);
    return this.file(format, `duty-rota-${slots ? 'draft-' : ''}${startDate}-to-${endDate}`, 'Duty rota', header, rows);
  }

  /** The days of `from`..`to` with someone on the Duty Manager duty in `slots`, each slot with the person's name (as daysBetween's). */
  private async namedDays(
    slots: RotaSlotsSource,
    from: IsoDate,
    to: IsoDate,
  ): Promise<{ date: IsoDate; slots: { staff: { name: string } | null }[] }[]> {
    const days = await slots.slotsFrom(from, to);
    const people = await this.staffDirectory.byIds(Object.values(days).flatMap((day) => day.flatMap((slot) => (slot ? [slot.staffId] : []))));
    return Object.keys(days)
      .sort()
      .map((date) => ({ date, slots: days[date]!.map((slot) => ({ staff: slot ? { name: people.get(slot.staffId)?.name ?? 'Unknown' } : null })) }));
  }

  /** A table as a file of `format`, built in the spreadsheet worker. */
  async file(format: ExportFormat, name: string, sheetName: string, header: (string | number)[], rows: SpreadsheetCell[][]): Promise<ExportFile> {
    const bytes = await this.workers.run(BUILD_SPREADSHEET, { format, sheetName, header, rows });
    return { body: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), contentType: CONTENT_TYPES[format], fileName: `${name}.${format}` };
  }

  /** The period's first and last days: the academic year, or the term (400 when the year has no term dates). */
  async bounds(year: number, period: FairnessPeriod): Promise<{ startDate: string; endDate: string }> {
    if (period === 'year') return { startDate: `${year}-09-01`, endDate: `${year + 1}-08-31` };
    const term = (await this.calendar.termsOf(year)).find((t) => t.name === period);
    if (!term) throw new BadRequestException(`${academicYearLabel(year)} has no term dates: set them on the Holidays screen to see a term`);
    return { startDate: term.startDate, endDate: term.endDate };
  }
}
