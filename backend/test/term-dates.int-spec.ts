import { MikroORM, RequestContext } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { JwtService } from '@nestjs/jwt';
import { SchoolCalendar } from '../src/modules/holidays/school-calendar';
import { typicalTerms } from '../src/modules/holidays/term-dates';
import { TenantContext } from '../src/tenancy/tenant-context';
import { bearer, registerOrganization, type Account } from './support/accounts';
import { asUser } from './support/http';
import { memberWithRole } from './support/members';
import { createTestApp, type TestApp } from './support/test-app';

type Term = { name: string; startDate: string; endDate: string; halfTermStart?: string | null; halfTermEnd?: string | null };

/** A school's own 2025-2026, starting on a Wednesday. */
const AUTUMN: Term = { name: 'autumn', startDate: '2025-09-03', endDate: '2025-12-19', halfTermStart: '2025-10-27', halfTermEnd: '2025-10-31' };
const SPRING: Term = { name: 'spring', startDate: '2026-01-05', endDate: '2026-03-27', halfTermStart: '2026-02-16', halfTermEnd: '2026-02-20' };
const SUMMER: Term = { name: 'summer', startDate: '2026-04-13', endDate: '2026-07-22', halfTermStart: '2026-05-25', halfTermEnd: '2026-05-29' };
const YEAR_2025 = [AUTUMN, SPRING, SUMMER];

const YEAR_MESSAGE = 'academicYear must be a year from 2000 to 2100, such as 2025 for 2025-2026';
const THREE_TERMS = 'Give the autumn, spring and summer terms, once each';

describe('term dates', () => {
  let t: TestApp;
  let admin: Account;

  beforeAll(async () => {
    t = await createTestApp({ env: { APP_NOW: '2025-09-08T09:00' } });
    admin = await registerOrganization(t);
  });

  afterAll(() => t.close());

  const as = (token: string) => asUser(t, token);
  const orgOf = (account: Account) => (new JwtService().decode(account.token) as { org: string }).org;
  const sql = (text: string, params: unknown[] = []) => t.get(MikroORM).em.getConnection().execute(text, params);
  const termRows = async (account: Account) =>
    (await sql('SELECT count(*)::int AS n FROM terms WHERE organization_id = ?', [orgOf(account)]))[0].n as number;

  it('shows the current academic year with no terms yet and the typical pattern as a proposal', async () => {
    const res = await as(admin.token).get('/api/term-dates').expect(200);
    expect(res.body).toEqual({
      academicYear: 2025,
      label: '2025-2026',
      terms: [],
      proposal: typicalTerms(2025),
      proposalSource: 'typical_pattern',
    });
    expect(res.body.proposal[2]).toEqual({ name: 'summer', startDate: '2026-04-13', endDate: '2026-07-21', halfTermStart: '2026-05-25', halfTermEnd: '2026-05-29' });
  });

  it('saves a year’s terms, given in any order, and reads them back in order', async () => {
    const withoutSpringHalfTerm = { ...SPRING, halfTermStart: undefined, halfTermEnd: undefined };
    const saved = await as(admin.token).put('/api/term-dates/2025', { terms: [SUMMER, AUTUMN, withoutSpringHalfTerm] }).expect(200);
    const terms = [AUTUMN, { ...SPRING, halfTermStart: null, halfTermEnd: null }, SUMMER];
    expect(saved.body).toEqual({ academicYear: 2025, label: '2025-2026', terms, proposal: typicalTerms(2025), proposalSource: 'typical_pattern', rotaChange: { removedDuties: 0, refilledDuties: 0, filledDuties: 0, movedDuties: 0, dates: [], message: 'No planned duties were affected.' } });
    const read = await as(admin.token).get('/api/term-dates?academicYear=2025').expect(200);
    expect(read.body).toEqual({ academicYear: 2025, label: '2025-2026', terms, proposal: typicalTerms(2025), proposalSource: 'typical_pattern' });
  });

  it('proposes the next year as this year 52 weeks on, and the typical pattern when the copy would not fit', async () => {
    const next = await as(admin.token).get('/api/term-dates?academicYear=2026').expect(200);
    expect(next.body).toMatchObject({ academicYear: 2026, label: '2026-2027', terms: [], proposalSource: 'previous_year' });
    expect(next.body.proposal).toEqual([
      { name: 'autumn', startDate: '2026-09-02', endDate: '2026-12-18', halfTermStart: '2026-10-26', halfTermEnd: '2026-10-30' },
      { name: 'spring', startDate: '2027-01-04', endDate: '2027-03-26', halfTermStart: null, halfTermEnd: null },
      { name: 'summer', startDate: '2027-04-12', endDate: '2027-07-21', halfTermStart: '2027-05-24', halfTermEnd: '2027-05-28' },
    ]);
    // Saving the typical 2026 pattern (autumn from Monday 7 September) and asking for 2027: 52
    // weeks on would start on 6 September 2027, which fits.
    await as(admin.token).put('/api/term-dates/2026', { terms: typicalTerms(2026) }).expect(200);
    expect((await as(admin.token).get('/api/term-dates?academicYear=2027').expect(200)).body.proposalSource).toBe('previous_year');
    // The typical 2031 autumn term starts on Monday 1 September 2031; 52 weeks on is Monday
    // 30 August 2032, before 2032-2033 starts: the copy doesn't fit.
    await as(admin.token).put('/api/term-dates/2031', { terms: typicalTerms(2031) }).expect(200);
    const after = await as(admin.token).get('/api/term-dates?academicYear=2032').expect(200);
    expect(after.body).toMatchObject({ proposalSource: 'typical_pattern', proposal: typicalTerms(2032) });
  });

  it('changes a saved year in place and records each save in the activity log', async () => {
    const moved = { ...SUMMER, endDate: '2026-07-17' };
    const res = await as(admin.token).put('/api/term-dates/2025', { terms: [AUTUMN, SPRING, moved] }).expect(200);
    expect(res.body.terms[2]).toEqual(moved);
    expect(res.body.terms[1]).toEqual(SPRING);
    expect(await termRows(admin)).toBe(9);

    const entries = await sql(`SELECT actor_name, kind, summary, before, after FROM audit_entries WHERE action = 'terms.saved' AND entity_id = '2025-2026' ORDER BY id`);
    expect(entries.map((e: { summary: string }) => e.summary)).toEqual([
      'Set the term dates of 2025-2026: autumn 3 September 2025 to 19 December 2025, spring 5 January 2026 to 27 March 2026, summer 13 April 2026 to 22 July 2026',
      'Changed the term dates of 2025-2026: autumn 3 September 2025 to 19 December 2025, spring 5 January 2026 to 27 March 2026, summer 13 April 2026 to 17 July 2026',
    ]);
    expect(entries[0]).toMatchObject({ actor_name: admin.name, kind: 'holiday', before: null });
    expect(entries[1].before.terms[1]).toEqual({ ...SPRING, halfTermStart: null, halfTermEnd: null });
    expect(entries[1].after.terms).toEqual([AUTUMN, SPRING, moved]);
    const log = await as(admin.token).get('/api/audit-log?kind=holiday').expect(200);
    expect(log.body.items[0]).toMatchObject({ action: 'terms.saved', summary: entries[1].summary });
  });

  describe('refuses, with a message to act on, and changes nothing:', () => {
    const refused = async (url: string, body: object, message: string) => {
      const before = await termRows(admin);
      const res = await as(admin.token).put(url, body).expect(400);
      expect(res.body.message).toBe(message);
      expect(await termRows(admin)).toBe(before);
    };
    const withTerm = (i: number, change: Partial<Term>) => ({ terms: YEAR_2025.map((term, j) => (j === i ? { ...term, ...change } : term)) });

    it('a year that is not a year from 2000 to 2100', async () => {
      await refused('/api/term-dates/abc', { terms: YEAR_2025 }, YEAR_MESSAGE);
      await refused('/api/term-dates/1999', { terms: YEAR_2025 }, YEAR_MESSAGE);
      await refused('/api/term-dates/2025.5', { terms: YEAR_2025 }, YEAR_MESSAGE);
      expect((await as(admin.token).get('/api/term-dates?academicYear=2101').expect(400)).body.message).toBe(YEAR_MESSAGE);
    });

    it('anything but the three terms once each', async () => {
      await refused('/api/term-dates/2025', {}, THREE_TERMS);
      await refused('/api/term-dates/2025', { terms: [AUTUMN, SPRING] }, THREE_TERMS);
      await refused('/api/term-dates/2025', { terms: [AUTUMN, SPRING, SUMMER, SUMMER] }, THREE_TERMS);
      await refused('/api/term-dates/2025', { terms: [AUTUMN, AUTUMN, SUMMER] }, THREE_TERMS);
      await refused('/api/term-dates/2025', withTerm(1, { name: 'winter' }), "Each term's name must be one of: autumn, spring, summer");
    });

    it('dates that are not real yyyy-MM-dd dates, naming the term', async () => {
      await refused('/api/term-dates/2025', withTerm(0, { startDate: '2025-09-31' }), 'The autumn term\'s start date must be a real date written as yyyy-MM-dd (got "2025-09-31")');
      await refused('/api/term-dates/2025', withTerm(2, { halfTermEnd: '29/05/2026' }), 'The summer term\'s half term end must be a real date written as yyyy-MM-dd (got "29/05/2026")');
    });

    it('a term ending before it starts', async () => {
      await refused(
        '/api/term-dates/2025',
        withTerm(0, { startDate: '2025-12-19', endDate: '2025-09-03', halfTermStart: null, halfTermEnd: null }),
        'The autumn term must end on or after the day it starts (it starts Friday 19 December 2025 and ends Wednesday 3 September 2025)',
      );
    });

    it('a term outside 1 September – 31 August of the year', async () => {
      await refused('/api/term-dates/2025', withTerm(0, { startDate: '2025-08-27' }), 'The autumn term (27 August 2025 to 19 December 2025) must fall within 2025-2026, from 1 September 2025 to 31 August 2026');
      await refused(
        '/api/term-dates/2026',
        { terms: YEAR_2025 },
        [
          'The autumn term (3 September 2025 to 19 December 2025) must fall within 2026-2027, from 1 September 2026 to 31 August 2027',
          'The spring term (5 January 2026 to 27 March 2026) must fall within 2026-2027, from 1 September 2026 to 31 August 2027',
          'The summer term (13 April 2026 to 22 July 2026) must fall within 2026-2027, from 1 September 2026 to 31 August 2027',
        ].join('; '),
      );
    });

    it('terms out of order or overlapping', async () => {
      await refused('/api/term-dates/2025', withTerm(1, { startDate: '2025-12-15' }), 'The spring term must start after the autumn term ends (Friday 19 December 2025), not on Monday 15 December 2025');
    });

    it('a half term with one date, or outside its term', async () => {
      await refused('/api/term-dates/2025', withTerm(1, { halfTermEnd: null }), 'The spring half term needs both a start and an end date, or neither');
      await refused('/api/term-dates/2025', withTerm(0, { halfTermStart: '2025-12-15', halfTermEnd: '2025-12-23' }), 'The autumn half term (15 December 2025 to 23 December 2025) must fall within the autumn term (3 September 2025 to 19 December 2025)');
      await refused('/api/term-dates/2025', withTerm(0, { halfTermStart: '2025-10-31', halfTermEnd: '2025-10-27' }), 'The autumn half term must end on or after the day it starts (it starts Friday 31 October 2025 and ends Monday 27 October 2025)');
    });
  });

  it('saves two saves of a new year at once one after the other: both succeed, the second replacing the first', async () => {
    const bare = typicalTerms(2040).map((term) => ({ ...term, halfTermStart: null, halfTermEnd: null }));
    const responses = await Promise.all([
      as(admin.token).put('/api/term-dates/2040', { terms: typicalTerms(2040) }),
      as(admin.token).put('/api/term-dates/2040', { terms: bare }),
    ]);
    expect(responses.map((r) => r.status)).toEqual([200, 200]);
    const year = await as(admin.token).get('/api/term-dates?academicYear=2040').expect(200);
    expect([typicalTerms(2040), bare]).toContainEqual(year.body.terms);
    const summaries = await sql(`SELECT summary FROM audit_entries WHERE action = 'terms.saved' AND entity_id = '2040-2041' ORDER BY id`);
    expect(summaries.map((e: { summary: string }) => e.summary.split(' the term dates')[0])).toEqual(['Set', 'Changed']);
  });

  it('lets staff read term dates but not save them; managers save them', async () => {
    const staff = await memberWithRole(t, admin, 'staff');
    const read = await as(staff.token).get('/api/term-dates?academicYear=2025').expect(200);
    expect(read.body.terms).toHaveLength(3);
    const denied = await as(staff.token).put('/api/term-dates/2025', { terms: YEAR_2025 }).expect(403);
    expect(denied.body.message).toBe("You don't have permission to manage holidays");
    const manager = await memberWithRole(t, admin, 'manager');
    await as(manager.token).put('/api/term-dates/2028', { terms: typicalTerms(2028) }).expect(200);
  });

  it('keeps each organisation’s term dates to itself', async () => {
    const other = await registerOrganization(t);
    const before = await as(admin.token).get('/api/term-dates?academicYear=2025').expect(200);
    const theirs = await as(other.token).get('/api/term-dates?academicYear=2025').expect(200);
    expect(theirs.body).toMatchObject({ terms: [], proposalSource: 'typical_pattern' });
    await as(other.token).put('/api/term-dates/2025', { terms: typicalTerms(2025) }).expect(200);
    expect((await as(other.token).get('/api/term-dates?academicYear=2025').expect(200)).body.terms).toEqual(typicalTerms(2025));
    expect(await as(admin.token).get('/api/term-dates?academicYear=2025').expect(200).then((r) => r.body)).toEqual(before.body);
    // The other organisation's 2025 is not this one's previous year.
    expect((await as(other.token).get('/api/term-dates?academicYear=2026').expect(200)).body.proposalSource).toBe('typical_pattern');
  });

  describe('the school calendar the rota asks', () => {
    let calendar: SchoolCalendar;
    // SchoolCalendar's repositories use the injected manager, which resolves to this context's fork.
    const inOrg = <T>(account: Account, fn: (em: EntityManager) => Promise<T>) =>
      TenantContext.run(orgOf(account), () => {
        const em = t.get(MikroORM).em.fork() as EntityManager;
        return RequestContext.create(em, () => fn(em));
      });

    beforeAll(async () => {
      calendar = t.get(SchoolCalendar);
      await t.http().post('/api/holidays').set(...bearer(admin.token)).send({ name: 'Christmas Day', type: 'bank_holiday', startDate: '2025-12-25', endDate: '2025-12-25' }).expect(201);
      await t.http().post('/api/holidays').set(...bearer(admin.token)).send({ name: 'Training', type: 'inset_day', startDate: '2027-09-01', endDate: '2027-09-03' }).expect(201);
    });

    it('lists the closed days of a range and why, from the terms and the holidays', async () => {
      const closures = await inOrg(admin, () => calendar.closuresBetween('2025-12-01', '2026-01-31'));
      expect(closures).toEqual([
        { start: '2025-12-20', end: '2026-01-04', kind: 'out_of_term', label: 'Christmas holiday' },
        { start: '2025-12-25', end: '2025-12-25', kind: 'holiday', label: 'Christmas Day, Bank Holiday' },
      ]);
      // 2027-2028 has no terms: only its holidays close days there.
      const september2027 = await inOrg(admin, () => calendar.closuresBetween('2027-08-30', '2027-09-10'));
      expect(september2027).toEqual([
        { start: '2027-08-30', end: '2027-08-31', kind: 'out_of_term', label: 'Summer holiday' },
        { start: '2027-09-01', end: '2027-09-03', kind: 'holiday', label: 'Training, Inset Day' },
      ]);
    });

    it('names the academic years without term dates and the end of a year’s summer term', async () => {
      expect(await inOrg(admin, () => calendar.yearsWithoutTerms('2025-10-01', '2030-01-01'))).toEqual([2027, 2029]);
      expect(await inOrg(admin, () => calendar.yearsWithoutTerms('2026-01-01', '2025-01-01'))).toEqual([]);
      expect(await inOrg(admin, () => calendar.termEnd(2025))).toBe('2026-07-17');
      expect(await inOrg(admin, () => calendar.termEnd(2027))).toBeNull();
    });

    it('lets a second save of a year wait for the first, then update the rows it added', async () => {
      const advisoryLocks = async (granted: boolean) =>
        (await sql(`SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND classid = 7202 AND granted = ?`, [granted]))[0].n as number;
      const until = async (check: () => Promise<boolean>) => {
        for (let i = 0; i < 500 && !(await check()); i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
        expect(await check()).toBe(true);
      };
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const first = inOrg(admin, (em) =>
        em.transactional(async () => {
          await calendar.replaceYear(2041, typicalTerms(2041));
          await held;
        }),
      );
      await until(async () => (await advisoryLocks(true)) === 1);
      const bare = typicalTerms(2041).map((term) => ({ ...term, halfTermStart: null, halfTermEnd: null }));
      const second = inOrg(admin, (em) => em.transactional(() => calendar.replaceYear(2041, bare)));
      await until(async () => (await advisoryLocks(false)) === 1);
      release();
      const [, replaced] = await Promise.all([first, second]);
      expect(replaced).toEqual({ before: typicalTerms(2041), terms: bare });
      expect(await inOrg(admin, () => calendar.termsOf(2041))).toEqual(bare);
    });

    it('answers for the organisation in context only', async () => {
      const other = await registerOrganization(t);
      expect(await inOrg(other, () => calendar.closuresBetween('2025-12-01', '2026-01-31'))).toEqual([]);
      expect(await inOrg(other, () => calendar.yearsWithoutTerms('2025-10-01', '2026-01-01'))).toEqual([2025]);
      expect(await inOrg(other, () => calendar.termEnd(2025))).toBeNull();
    });
  });
});
