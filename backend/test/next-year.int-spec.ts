import { registerOrganization } from './support/accounts';
import { createTestApp, type TestApp } from './support/test-app';
import { asUser } from './support/http';

/**
 * Planning next year in the summer (docs/product.md#time-and-the-academic-year), on the real app
 * and PostgreSQL with the clock pinned on Thursday 27 August 2026: this year's summer term is over,
 * so the term dates, the bulk tools, the fairness view, the health check and the first-run
 * checklist are about 2026-2027, each year's days planned against that year's fair shares.
 */

interface Day {
  date: string;
  slots: { position: number; staff: { id: string; name: string } | null }[];
}
interface FairnessRow {
  staffId: string;
  name: string;
  isActive: boolean;
  done: number;
  planned: number;
  share: number;
  difference: number;
  patternDays: number;
  awayDays: number;
  availableDays: number;
  fte: number | null;
  dayWeight: number;
  weightedDays: number;
  shareExplanation: string;
}

const THIS_YEAR_TERMS = [
  { name: 'autumn', startDate: '2025-09-03', endDate: '2025-12-19', halfTermStart: '2025-10-27', halfTermEnd: '2025-10-31' },
  { name: 'spring', startDate: '2026-01-05', endDate: '2026-03-27', halfTermStart: '2026-02-16', halfTermEnd: '2026-02-20' },
  { name: 'summer', startDate: '2026-04-13', endDate: '2026-07-21', halfTermStart: '2026-05-25', halfTermEnd: '2026-05-29' },
];
const NEXT_YEAR_TERMS = [
  { name: 'autumn', startDate: '2026-09-02', endDate: '2026-12-18', halfTermStart: '2026-10-26', halfTermEnd: '2026-10-30' },
  { name: 'spring', startDate: '2027-01-04', endDate: '2027-03-25', halfTermStart: '2027-02-15', halfTermEnd: '2027-02-19' },
  { name: 'summer', startDate: '2027-04-12', endDate: '2027-07-21', halfTermStart: '2027-05-31', halfTermEnd: '2027-06-04' },
];

interface Person {
  name: string;
  isTeaching: boolean;
  workingDays?: number[];
  fte?: number;
}

/** 20 staff: 13 teachers and 7 support staff, five of them part-time, two with an FTE of their own. */
const PEOPLE: Person[] = [
  ...Array.from({ length: 11 }, (_, i) => ({ name: `Teacher ${i + 1}`, isTeaching: true })),
  { name: 'Pat Parttime', isTeaching: true, workingDays: [1, 2, 3] },
  { name: 'Quinn Parttime', isTeaching: true, workingDays: [3, 4, 5], fte: 0.5 },
  ...Array.from({ length: 4 }, (_, i) => ({ name: `Support ${i + 1}`, isTeaching: false })),
  { name: 'Rae Parttime', isTeaching: false, workingDays: [2, 4] },
  { name: 'Sol Parttime', isTeaching: false, workingDays: [1, 5] },
  { name: 'Tam Parttime', isTeaching: false, workingDays: [1, 3, 5] },
];

/** ISO weekday (1 = Monday … 7 = Sunday) of a calendar date. */
const isoWeekday = (date: string) => ((new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7) + 1;
const addDays = (date: string, n: number) => new Date(Date.parse(`${date}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** The weekdays of the terms outside their half terms and the given holidays: the days that need someone. */
function termDays(terms: typeof NEXT_YEAR_TERMS, holidays: string[]): string[] {
  const days: string[] = [];
  for (const term of terms) {
    for (let d = term.startDate; d <= term.endDate; d = addDays(d, 1)) {
      if (isoWeekday(d) > 5 || (term.halfTermStart <= d && d <= term.halfTermEnd) || holidays.includes(d)) continue;
      days.push(d);
    }
  }
  return days;
}

describe('planning next year in the summer', () => {
  let t: TestApp;

  beforeAll(async () => {
    // Thursday 27 August 2026: the summer term of 2025-2026 ended on 21 July.
    t = await createTestApp({ env: { APP_NOW: '2026-08-27T09:00' } });
  });
  afterAll(() => t.close());

  const as = (token: string) => asUser(t, token);

  async function school({ thisYearsTerms }: { thisYearsTerms: boolean }) {
    const admin = await registerOrganization(t);
    const api = as(admin.token);
    if (thisYearsTerms) await api.put('/api/term-dates/2025', { terms: THIS_YEAR_TERMS }).expect(200);
    const ids: Record<string, string> = {};
    for (const [i, p] of PEOPLE.entries()) {
      const res = await api.post('/api/staff', { ...p, email: `person${i}-${admin.subdomain}@example.com` }).expect(201);
      ids[p.name] = res.body.id;
    }
    return { admin, api, ids };
  }

  it('sets up, fills and reviews 2026-2027 in August: every term day filled, nothing out of term, everyone within one duty of their share', async () => {
    const { api, ids } = await school({ thisYearsTerms: true });
    const byId = new Map(PEOPLE.map((p) => [ids[p.name]!, p]));

    // The screens start on next year: this one's summer term is over.
    const years = (await api.get('/api/academic-years').expect(200)).body;
    expect(years).toMatchObject({ today: '2026-08-27', current: 2025, planning: 2026 });
    expect(years.years).toEqual([
      expect.objectContaining({ academicYear: 2025, label: '2025-2026', hasTermDates: true, summerTermEnd: '2026-07-21', planFrom: '2026-08-28', planTo: '2026-08-31' }),
      expect.objectContaining({ academicYear: 2026, label: '2026-2027', hasTermDates: false, summerTermEnd: null, planFrom: '2026-09-01', planTo: '2027-08-31' }),
    ]);
    expect((await api.get('/api/term-dates').expect(200)).body).toMatchObject({ academicYear: 2026, label: '2026-2027', terms: [] });

    // The checklist is about next year: this year's term dates don't tick it.
    const before = (await api.get('/api/setup-checklist').expect(200)).body;
    expect(before).toMatchObject({ academicYear: 2026, academicYearLabel: '2026-2027' });
    expect(Object.fromEntries(before.steps.map((s: { key: string; done: boolean }) => [s.key, s.done]))).toMatchObject({
      staff: true,
      term_dates: false,
      bank_holidays: false,
      fill_rota: false,
    });

    // Planning to the end of next summer term asks for next year's term dates, and only those.
    const refused = await api.post('/api/rota/fill-unassigned', { endDate: '2027-07-21' }).expect(409);
    expect(refused.body.code).toBe('term_dates_missing');
    expect(refused.body.message).toContain('2026-2027');
    expect(refused.body.message).not.toContain('2025-2026');

    await api.put('/api/term-dates/2026', { terms: NEXT_YEAR_TERMS }).expect(200);
    // Bank holidays of the year being set up, by default.
    const bank = (await api.post('/api/holidays/bank-holidays', {}).expect((res) => expect([200, 201]).toContain(res.status))).body;
    expect(bank.academicYear).toBe('2026-2027');
    const bankHolidays: string[] = bank.added.map((h: { startDate: string }) => h.startDate);
    expect(bankHolidays).toContain('2027-05-03');
    const needed = termDays(NEXT_YEAR_TERMS, bankHolidays);

    // The health check looks at next year: every term day needs someone.
    const sick = (await api.get('/api/rota/health').expect(200)).body;
    expect(sick).toMatchObject({ academicYear: '2026-2027', from: '2026-09-01', to: '2027-07-21', yearsWithoutTermDates: [] });
    expect(sick.unfilledDays.map((d: { date: string }) => d.date)).toEqual(needed);

    const filled = (await api.post('/api/rota/fill-unassigned', { endDate: '2027-07-21' }).expect(200)).body;
    expect(filled).toMatchObject({ startDate: '2026-08-28', endDate: '2027-07-21', unfilledSlots: 0, changedDays: needed.length, changedSlots: needed.length * 2 });

    // Every slot of every term day, and nothing else: not 28 or 31 August (this year, out of term).
    const rota = (await api.get('/api/rota?startDate=2026-08-27&endDate=2027-08-31').expect(200)).body as Day[];
    expect(rota.map((d) => d.date)).toEqual(needed);
    expect(rota.filter((d) => d.slots.some((s) => !s.staff)).map((d) => d.date)).toEqual([]);
    const offPattern = rota.flatMap((d) => d.slots.filter((s) => !(byId.get(s.staff!.id)!.workingDays ?? [1, 2, 3, 4, 5]).includes(isoWeekday(d.date))).map((s) => `${d.date} ${s.staff!.name}`));
    expect(offPattern).toEqual([]);

    // The fairness view of next year, by default: everyone within one duty, and how each share was made.
    const view = (await api.get('/api/fairness').expect(200)).body as { academicYear: string; rows: FairnessRow[]; summary: Record<string, number | string> };
    expect(view.academicYear).toBe('2026-2027');
    expect(view.rows).toHaveLength(20);
    expect(view.rows.filter((r) => Math.abs(r.difference) > 1).map((r) => `${r.name}: ${r.done + r.planned} against ${r.share}`)).toEqual([]);
    expect(view.summary).toMatchObject({ totalDuties: needed.length * 2, schoolDays: needed.length, dutiesShared: needed.length * 2 });
    const weighted = view.rows.reduce((n, r) => n + r.weightedDays, 0);
    expect(view.summary.weightedDays).toBeCloseTo(weighted, 1);
    for (const r of view.rows) {
      expect({ name: r.name, share: r.share }).toEqual({ name: r.name, share: expect.closeTo((needed.length * 2 * r.weightedDays) / weighted, 1) });
      expect(r.availableDays).toBe(r.patternDays - r.awayDays);
    }
    const quinn = view.rows.find((r) => r.name === 'Quinn Parttime')!;
    const wednesdaysToFridays = needed.filter((d) => [3, 4, 5].includes(isoWeekday(d))).length;
    expect(quinn).toMatchObject({ patternDays: wednesdaysToFridays, awayDays: 0, availableDays: wednesdaysToFridays, fte: 0.5, dayWeight: 0.83 });
    expect(quinn.shareExplanation).toContain(`Works Wed, Thu, Fri: ${wednesdaysToFridays} of the ${needed.length} school days available.`);
    expect(quinn.shareExplanation).toContain('FTE 0.5 over 3 days a week (0.6): each day counts 0.83');
    expect(view.rows.find((r) => r.name === 'Teacher 1')!.shareExplanation).toContain('Works every weekday');
    expect(view.rows.find((r) => r.name === 'Teacher 1')!.shareExplanation).toContain('No FTE set: each day counts 1.');

    // This year's view is still there when asked for.
    expect((await api.get('/api/fairness?academicYear=2025').expect(200)).body.academicYear).toBe('2025-2026');

    // Refills of next year's days use next year's shares (today's year has no school days left,
    // so its shares would leave every freed slot empty): a cancellation is backfilled, and so are
    // the duties a week's leave takes off.
    const dutyOf = (name: string) => rota.find((d) => d.date >= '2026-11-02' && d.slots.some((x) => x.staff!.id === ids[name]))!.date;
    const cancelled = (await api.post('/api/cancel-requests', { staffId: ids['Teacher 1'], date: dutyOf('Teacher 1'), reason: 'Course' }).expect(201)).body;
    expect(cancelled.replacement).not.toBeNull();
    const leave = (
      await api.post('/api/staff-unavailability', { staffId: ids['Teacher 2'], startDate: '2027-01-04', endDate: '2027-01-29', reason: 'Surgery', type: 'sick' }).expect(201)
    ).body;
    expect(leave.cancelledDuties).toBeGreaterThan(0);
    expect(leave.refilledDuties).toBe(leave.cancelledDuties);

    const healthy = (await api.get('/api/rota/health').expect(200)).body;
    expect(healthy).toMatchObject({ academicYear: '2026-2027', unfilledDays: [], violations: [] });

    const after = (await api.get('/api/setup-checklist').expect(200)).body;
    expect(Object.fromEntries(after.steps.map((s: { key: string; done: boolean }) => [s.key, s.done]))).toMatchObject({
      term_dates: true,
      bank_holidays: true,
      fill_rota: true,
    });
  });

  it('backfills a cancelled duty of next year from next year’s shares, in August', async () => {
    const { api, ids } = await school({ thisYearsTerms: true });
    await api.put('/api/term-dates/2026', { terms: NEXT_YEAR_TERMS }).expect(200);
    await api.post('/api/rota', { date: '2026-09-07', dutyManager1Id: ids['Teacher 1'], dutyManager2Id: ids['Support 1'] }).expect(201);

    const cancelled = (await api.post('/api/cancel-requests', { staffId: ids['Teacher 1'], date: '2026-09-07', reason: 'Course' }).expect(201)).body;

    expect(cancelled.replacement).not.toBeNull();
    expect(cancelled.replacement.id).not.toBe(ids['Teacher 1']);
  });

  it('plans a period across two academic years year by year, asks only for the term dates of the years it touches, and clears one year', async () => {
    // A school that starts in August: no term dates for the year that is ending.
    const { api } = await school({ thisYearsTerms: false });
    await api.put('/api/term-dates/2026', { terms: NEXT_YEAR_TERMS }).expect(200);
    const needed = termDays(NEXT_YEAR_TERMS, []);

    // From 1 August a year without term dates is over for planning: the default plans next year.
    expect((await api.get('/api/academic-years').expect(200)).body.planning).toBe(2026);
    const fill = (await api.post('/api/rota/fill-unassigned').expect(200)).body;
    expect(fill).toMatchObject({ startDate: '2026-09-01', endDate: '2027-07-21', unfilledSlots: 0, changedSlots: needed.length * 2 });
    await api.post('/api/rota/clear-future', { academicYear: 2026 }).expect(200);
    expect((await api.get('/api/rota?startDate=2026-08-27&endDate=2027-08-31').expect(200)).body).toEqual([]);

    // From tomorrow the period touches the last two weekdays of 2025-2026, which has no term dates.
    const refused = await api.post('/api/rota/fill-unassigned', { endDate: '2027-07-21' }).expect(409);
    expect(refused.body.message).toContain('2025-2026');
    expect(refused.body.message).not.toContain('2026-2027');

    // Planning every weekday puts people on 28 and 31 August against 2025-2026's shares, and
    // next year's term days against next year's: its fairness is untouched by the two days before.
    const across = (await api.post('/api/rota/fill-unassigned', { endDate: '2027-07-21', allWeekdays: true }).expect(200)).body;
    expect(across).toMatchObject({ startDate: '2026-08-28', endDate: '2027-07-21', unfilledSlots: 0, changedSlots: (needed.length + 2) * 2 });
    const rota = (await api.get('/api/rota?startDate=2026-08-27&endDate=2027-08-31').expect(200)).body as Day[];
    expect(rota.map((d) => d.date)).toEqual(['2026-08-28', '2026-08-31', ...needed]);
    const next = (await api.get('/api/fairness?academicYear=2026').expect(200)).body as { rows: FairnessRow[] };
    expect(next.rows.filter((r) => Math.abs(r.difference) > 1).map((r) => `${r.name}: ${r.done + r.planned} against ${r.share}`)).toEqual([]);

    // Reshuffling next year leaves this year's days alone.
    const reshuffled = (await api.post('/api/rota/reshuffle-future', { academicYear: 2026 }).expect(200)).body;
    expect(reshuffled).toMatchObject({ startDate: '2026-09-01', endDate: '2027-07-21', unfilledSlots: 0 });
    const august = (await api.get('/api/rota?startDate=2026-08-27&endDate=2026-08-31').expect(200)).body as Day[];
    expect(august.map((d) => d.date)).toEqual(['2026-08-28', '2026-08-31']);

    // Clearing next year removes only its days.
    const cleared = (await api.post('/api/rota/clear-future', { academicYear: 2026 }).expect(200)).body;
    expect(cleared).toMatchObject({ startDate: '2026-09-01', endDate: '2027-08-31', changedSlots: needed.length * 2 });
    expect(((await api.get('/api/rota?startDate=2026-08-27&endDate=2027-08-31').expect(200)).body as Day[]).map((d) => d.date)).toEqual([
      '2026-08-28',
      '2026-08-31',
    ]);

    // A year named that is over, an end date outside the year named, and a year that is not a year are refused.
    expect((await api.post('/api/rota/fill-unassigned', { academicYear: 2024 }).expect(400)).body.message).toBe(
      '2024-2025 is over: choose this academic year (or the next)',
    );
    expect((await api.post('/api/rota/fill-unassigned', { academicYear: 2026, endDate: '2027-09-03' }).expect(400)).body.message).toBe(
      'The end date must fall within 2026-2027: 1 September 2026 to 31 August 2027',
    );
    expect((await api.post('/api/rota/reshuffle-future', { academicYear: '2026' }).expect(400)).body.message).toContain(
      'academicYear must be a year from 2000 to 2100',
    );
    expect((await api.get('/api/rota/health?academicYear=2024').expect(400)).body.message).toBe('2024-2025 is over: choose this academic year (or the next)');
    expect((await api.get('/api/fairness?academicYear=twenty').expect(400)).body.message).toContain('academicYear must be a year from 2000 to 2100');
  });
});
