import { EntityManager, type RequiredEntityData } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { preparedRead, preparedStatement } from '../../database/prepared-read';
import { TenantContext } from '../../tenancy/tenant-context';
import { Term } from './entities/term.entity';

const OF_YEARS = preparedStatement(
  'terms_of_years',
  `select academic_year as "academicYear", name::text as name, to_char(start_date, 'YYYY-MM-DD') as "startDate",
          to_char(end_date, 'YYYY-MM-DD') as "endDate", to_char(half_term_start, 'YYYY-MM-DD') as "halfTermStart",
          to_char(half_term_end, 'YYYY-MM-DD') as "halfTermEnd"
     from terms where organization_id = ? and academic_year between ? and ?`,
);

/** A term's year and dates as plain values (TermsRepository.datesOfYears). */
export type TermOfYear = Pick<Term, 'academicYear' | 'name' | 'startDate' | 'endDate' | 'halfTermStart' | 'halfTermEnd'>;

/** The advisory-lock class of saving a year's terms; the second key is the organisation and year. */
const TERMS_LOCK_CLASS = 7_202;

/**
 * The one door to `terms` (docs/architecture.md, "One door per module"), through the ORM's tenant
 * filter; the advisory lock states the organisation. Inside a UnitOfWork transaction the injected
 * manager is the transaction's.
 */
@Injectable()
export class TermsRepository {
  constructor(private readonly em: EntityManager) {}

  /** Two saves of one year take turns: held until the transaction ends (which it must be in). */
  async lockYear(academicYear: number): Promise<void> {
    if (!this.em.isInTransaction()) throw new Error('TermsRepository.lockYear must run inside a transaction');
    await this.em.execute('select pg_advisory_xact_lock(?, hashtext(?))', [TERMS_LOCK_CLASS, `${TenantContext.require()}:${academicYear}`]);
  }

  ofYear(academicYear: number): Promise<Term[]> {
    return this.em.find(Term, { academicYear });
  }

  ofYears(first: number, last: number): Promise<Term[]> {
    return this.em.find(Term, { academicYear: { $gte: first, $lte: last } });
  }

  /**
   * The terms of the academic years `first`..`last` as plain values: a prepared read of the
   * committed rows (prepared-read.ts), for reads that change nothing (the Today board).
   */
  datesOfYears(first: number, last: number): Promise<TermOfYear[]> {
    return preparedRead<TermOfYear>(this.em, OF_YEARS, [TenantContext.require(), first, last]);
  }

  summerTerm(academicYear: number): Promise<Term | null> {
    return this.em.findOne(Term, { academicYear, name: 'summer' });
  }

  add(term: RequiredEntityData<Term>): Term {
    return this.em.create(Term, term);
  }

  /** Changes a loaded term's dates (written at the next flush). */
  change(term: Term, dates: Pick<Term, 'startDate' | 'endDate' | 'halfTermStart' | 'halfTermEnd'>): void {
    this.em.assign(term, dates);
  }

  flush(): Promise<void> {
    return this.em.flush();
  }
}
