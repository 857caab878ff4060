import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth-user';
import { academicYearStartOf, academicYearStarting, addDays, planningPeriodOf, planningYearStartOf } from '../../common/clock/academic-year';
import { Clock } from '../../common/clock/clock';
import { describeDateRange } from '../../common/text/dates';
import { AuditService } from '../audit/audit.service';
import { FactChangesService } from '../fact-changes/fact-changes.service';
import type { AcademicYearsDto } from './dto/academic-years.dto';
import type { SavedTermDatesDto } from './dto/saved-term-dates.dto';
import type { SaveTermDatesDto } from './dto/save-term-dates.dto';
import type { TermDatesDto } from './dto/term-dates.dto';
import { SchoolCalendar } from './school-calendar';
import { academicYearLabel, proposeTerms, type TermDates } from './term-dates';
import { OrganizationClock } from '../tenants/organization-clock';

/** "autumn 3 September 2025 to 19 December 2025, spring …": a year's terms in one line of the activity log. */
const describeTerms = (terms: TermDates[]) => terms.map((t) => `${t.name} ${describeDateRange(t.startDate, t.endDate)}`).join(', ');

/** Term dates as the API shows and takes them (docs/product.md#holidays). */
@Injectable()
export class TermDatesService {
  constructor(
    private readonly calendar: SchoolCalendar,
    private readonly audit: AuditService,
    private readonly clock: Clock,
    private readonly factChanges: FactChangesService,
    private readonly organizationClock: OrganizationClock,
  ) {}

  /** The year's saved terms and a proposal; the planning year by default (SchoolCalendar.planningYear). */
  async get(academicYear?: number): Promise<TermDatesDto> {
    const year = academicYear ?? (await this.calendar.planningYear(await this.organizationClock.today()));
    return this.describe(year);
  }

  /**
   * This academic year and the next, for the planning screens' year choice
   * (docs/product.md#time-and-the-academic-year): whether each has term dates, when its summer term
   * ends and what Fill and Reshuffle plan in it, and which of the two the screens start on.
   */
  async years(): Promise<AcademicYearsDto> {
    const today = await this.organizationClock.today();
    const current = academicYearStartOf(today);
    const thisEnd = await this.calendar.termEnd(current);
    const nextEnd = await this.calendar.termEnd(current + 1);
    const years = ([[current, thisEnd], [current + 1, nextEnd]] as const).map(([academicYear, summerTermEnd]) => {
      const year = academicYearStarting(academicYear);
      const period = planningPeriodOf(academicYear, addDays(today, 1), summerTermEnd);
      return {
        academicYear,
        label: year.label,
        startDate: year.startDate,
        endDate: year.endDate,
        hasTermDates: summerTermEnd !== null,
        summerTermEnd,
        planFrom: period?.from ?? null,
        planTo: period?.to ?? null,
      };
    });
    return { today, current, planning: planningYearStartOf(today, thisEnd), years };
  }

  /** Replaces the year's terms, with an entry in the activity log, in one transaction. */
  async save(actor: AuthUser, academicYear: number, dto: SaveTermDatesDto): Promise<SavedTermDatesDto> {
    const label = academicYearLabel(academicYear);
    const terms: TermDates[] = dto.terms.map((t) => ({
      name: t.name,
      startDate: t.startDate,
      endDate: t.endDate,
      halfTermStart: t.halfTermStart ?? null,
      halfTermEnd: t.halfTermEnd ?? null,
    }));
    // Nobody stays on duty on a day that is now out of term (docs/product.md#the-rota-stays-true).
    const { rotaChange } = await this.factChanges.change(
      actor,
      async () => {
        const saved = await this.calendar.replaceYear(academicYear, terms);
        // A term that now ends later: the rota planned to its old end is planned to the new one.
        const termsExtended = saved.terms.flatMap((term) => {
          const was = saved.before.find((b) => b.name === term.name);
          return was && term.endDate > was.endDate ? [{ oldEnd: was.endDate, newEnd: term.endDate }] : [];
        });
        return { ...saved, cause: `Saving the term dates of ${label}`, termsExtended };
      },
      ({ before, terms: saved }) =>
        this.audit.record(actor, {
          kind: 'holiday',
          action: 'terms.saved',
          entityId: label,
          summary: `${before.length ? 'Changed' : 'Set'} the term dates of ${label}: ${describeTerms(saved)}`,
          ...(before.length ? { before: { terms: before } } : {}),
          after: { terms: saved },
        }),
    );
    return { ...(await this.describe(academicYear)), rotaChange };
  }

  private async describe(academicYear: number): Promise<TermDatesDto> {
    const [terms, previous] = await Promise.all([this.calendar.termsOf(academicYear), this.calendar.termsOf(academicYear - 1)]);
    const proposal = proposeTerms(academicYear, previous);
    return { academicYear, label: academicYearLabel(academicYear), terms, proposal: proposal.terms, proposalSource: proposal.source };
  }
}
