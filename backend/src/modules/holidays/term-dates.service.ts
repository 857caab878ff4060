import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth-user';
import { academicYearStartOf } from '../../common/clock/academic-year';
import { Clock } from '../../common/clock/clock';
import { RotaIntegrity } from '../../common/rota-integrity/rota-integrity';
import { describeDateRange } from '../../common/text/dates';
import { AuditService } from '../audit/audit.service';
import { organizationToday } from '../tenants/organization-today';
import type { SavedTermDatesDto, SaveTermDatesDto, TermDatesDto } from './dto/term-dates.dto';
import { SchoolCalendar } from './school-calendar';
import { academicYearLabel, proposeTerms, type TermDates } from './term-dates';

/** "autumn 3 September 2025 to 19 December 2025, spring …": a year's terms in one line of the activity log. */
const describeTerms = (terms: TermDates[]) => terms.map((t) => `${t.name} ${describeDateRange(t.startDate, t.endDate)}`).join(', ');

/** Term dates as the API shows and takes them (docs/product.md#holidays). */
@Injectable()
export class TermDatesService {
  constructor(
    private readonly em: EntityManager,
    private readonly calendar: SchoolCalendar,
    private readonly audit: AuditService,
    private readonly clock: Clock,
    private readonly integrity: RotaIntegrity,
  ) {}

  /** The year's saved terms and a proposal; the year containing the organisation's today by default. */
  async get(academicYear?: number): Promise<TermDatesDto> {
    const year = academicYear ?? academicYearStartOf(await organizationToday(this.em, this.clock));
    return this.describe(this.em, year);
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
    return this.em.transactional(async (em) => {
      const { before, terms: saved } = await this.calendar.replaceYear(em, academicYear, terms);
      // Nobody stays on duty on a day that is now out of term (docs/product.md#the-rota-stays-true).
      const rotaChange = await this.integrity.restore(em, actor, { description: `Saving the term dates of ${academicYearLabel(academicYear)}` });
      this.audit.record(em, actor, {
        kind: 'holiday',
        action: 'terms.saved',
        entityId: label,
        summary: `${before.length ? 'Changed' : 'Set'} the term dates of ${label}: ${describeTerms(saved)}`,
        ...(before.length ? { before: { terms: before } } : {}),
        after: { terms: saved },
      });
      return { ...(await this.describe(em, academicYear)), rotaChange };
    });
  }

  private async describe(em: EntityManager, academicYear: number): Promise<TermDatesDto> {
    const [terms, previous] = await Promise.all([this.calendar.termsOf(em, academicYear), this.calendar.termsOf(em, academicYear - 1)]);
    const proposal = proposeTerms(academicYear, previous);
    return { academicYear, label: academicYearLabel(academicYear), terms, proposal: proposal.terms, proposalSource: proposal.source };
  }
}
