import ExcelJS from 'exceljs';
import { Clock, FixedClock, parsePinnedNow } from '../src/common/clock/clock';
import { registerOrganization, type Account } from './support/accounts';
import { asUser } from './support/http';
import { memberWithRole } from './support/members';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * Fair share on the real app and PostgreSQL (docs/product.md#who-gets-a-slot): a year filled for a
 * school of 20 with part-timers, weekly commitments, a preference and a leave period keeps
 * everyone within one duty of their fair share under "Pair when it is fair", pairs every day
 * under "Always pair", never puts anyone on a day they don't work or are committed, and gives
 * the same rota for the same facts.
 */

interface Day {
  date: string;
  slots: { position: number; staff: { id: string; name: string } | null }[];
}
interface FairnessRow {
  staffId: string;
  name: string;
  done: number;
  planned: number;
  share: number;
  difference: number;
  availableDays: number;
  weightedDays: number;
  shareExplanation: string;
}

const TERMS = [
  { name: 'autumn', startDate: '2025-09-03', endDate: '2025-12-19', halfTermStart: '2025-10-27', halfTermEnd: '2025-10-31' },
  { name: 'spring', startDate: '2026-01-05', endDate: '2026-03-27', halfTermStart: '2026-02-16', halfTermEnd: '2026-02-20' },
  { name: 'summer', startDate: '2026-04-13', endDate: '2026-07-21', halfTermStart: '2026-05-25', halfTermEnd: '2026-05-29' },
];

/** ISO weekday (1 = Monday … 5 = Friday) of a calendar date. */
const isoWeekday = (date: string) => ((new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7) + 1;
/** Week A or B of a date, Week A beginning Monday 1 September 2025. */
const timetableWeek = (date: string) =>
  Math.floor((Date.parse(`${date}T12:00:00Z`) - Date.parse('2025-09-01T12:00:00Z')) / (7 * 86_400_000)) % 2 === 0 ? 'A' : 'B';

interface Person {
  name: string;
  isTeaching: boolean;
  workingDays?: number[];
  fte?: number;
  avoidDays?: number[];
}

/** 13 teachers and 7 support staff; four part-timers on different days, one of them at 0.5 FTE. */
const PEOPLE: Person[] = [
  ...Array.from({ length: 11 }, (_, i) => ({ name: `Teacher ${i + 1}`, isTeaching: true })),
  { name: 'Pat Parttime', isTeaching: true, workingDays: [1, 2, 3] },
  { name: 'Quinn Parttime', isTeaching: true, workingDays: [3, 4, 5], fte: 0.5 },
  ...Array.from({ length: 5 }, (_, i) => ({ name: `Support ${i + 1}`, isTeaching: false })),
  { name: 'Rae Parttime', isTeaching: false, workingDays: [2, 4] },
  { name: 'Sol Parttime', isTeaching: false, workingDays: [1, 5] },
];

describe('fair share', () => {
  let t: TestApp;

  beforeAll(async () => {
    // Monday 1 September 2025, before the autumn term: the whole year is still to plan.
    t = await createTestApp({ env: { APP_NOW: '2025-09-01T09:00' } });
  });
  afterAll(() => t.close());

  const as = (token: string) => asUser(t, token);

  async function school() {
    const admin = await registerOrganization(t);
    const api = as(admin.token);
    await api.put('/api/term-dates/2025', { terms: TERMS }).expect(200);
    await api.post('/api/system-settings', { weekAStart: '2025-09-01' }).expect((res) => expect([200, 201]).toContain(res.status));
    const ids: Record<string, string> = {};
    for (const p of PEOPLE) {
      const email = `${p.name.replace(' ', '.').toLowerCase()}-${admin.subdomain}@example.com`;
      const res = await api.post('/api/staff', { email, ...p }).expect(201);
      ids[p.name] = res.body.id;
    }
    // A preference, two weekly commitments (one every week, one in Week A only) and a leave period.
    await api.put(`/api/staff/${ids['Teacher 1']}`, { avoidDays: [5] }).expect(200);
    await api
      .post('/api/staff-unavailability/recurring', {
        staffId: ids['Teacher 2'],
        weekdays: [2],
        startDate: '2025-09-01',
        endDate: '2026-07-31',
        reason: 'Teaches period 1 on the other site',
      })
      .expect(201);
    await api
      .post('/api/staff-unavailability/recurring', {
        staffId: ids['Support 1'],
        weekdays: [1, 4],
        startDate: '2025-09-01',
        endDate: '2026-07-31',
        everyOtherWeek: true,
        week: 'A',
        reason: 'Year 9 football club',
      })
      .expect(201);
    await api
      .post('/api/staff-unavailability', { staffId: ids['Teacher 3'], startDate: '2026-01-12', endDate: '2026-02-06', reason: 'Surgery', type: 'sick' })
      .expect(201);
    return { admin, ids };
  }

  const year = async (admin: Account): Promise<Day[]> =>
    (await as(admin.token).get('/api/rota?startDate=2025-09-01&endDate=2026-08-31').expect(200)).body;
  const fairness = async (admin: Account): Promise<{ rows: FairnessRow[]; summary: { largestDifference: number } }> =>
    (await as(admin.token).get('/api/fairness?academicYear=2025&period=year').expect(200)).body;

  it('fills the year within one duty of everyone’s fair share, on days they work and aren’t committed, and pairs every day when told to', async () => {
    const { admin, ids } = await school();
    const byId = new Map(PEOPLE.map((p) => [ids[p.name]!, p]));
    const filled = await as(admin.token).post('/api/rota/fill-unassigned').expect(200);
    expect(filled.body.unfilledSlots).toBe(0);

    const days = await year(admin);
    const duties = days.flatMap((d) => d.slots.filter((s) => s.staff).map((s) => ({ date: d.date, id: s.staff!.id })));
    // Two a day on every school day of the three terms outside half terms.
    expect(days.length).toBeGreaterThan(180);
    expect(duties.length).toBe(days.length * 2);

    const broken = duties.filter(({ date, id }) => {
      const p = byId.get(id)!;
      const weekday = isoWeekday(date);
      if (!(p.workingDays ?? [1, 2, 3, 4, 5]).includes(weekday)) return true;
      if (p.name === 'Teacher 2' && weekday === 2) return true;
      if (p.name === 'Support 1' && [1, 4].includes(weekday) && timetableWeek(date) === 'A') return true;
      if (p.name === 'Teacher 3' && date >= '2026-01-12' && date <= '2026-02-06') return true;
      return false;
    });
    expect(broken).toEqual([]);

    // The preference costs nothing here, so it is honoured.
    expect(duties.filter(({ date, id }) => id === ids['Teacher 1'] && isoWeekday(date) === 5)).toEqual([]);

    const view = await fairness(admin);
    expect(view.rows).toHaveLength(20);
    const outside = view.rows.filter((r) => Math.abs(r.difference) > 1).map((r) => `${r.name}: ${r.done + r.planned} against ${r.share}`);
    expect(outside).toEqual([]);
    expect(view.summary.largestDifference).toBeLessThanOrEqual(1);
    // The view counts what the rota holds, and the shares add up to the year's duties.
    const counted = new Map<string, number>();
    for (const d of duties) counted.set(d.id, (counted.get(d.id) ?? 0) + 1);
    for (const r of view.rows) expect({ name: r.name, duties: r.done + r.planned }).toEqual({ name: r.name, duties: counted.get(r.staffId) ?? 0 });
    expect(view.rows.reduce((sum, r) => sum + r.share, 0)).toBeCloseTo(duties.length, 0);
    // A 0.5 FTE on three days gets less than a full-timer on the same three days would.
    const quinn = view.rows.find((r) => r.name === 'Quinn Parttime')!;
    const pat = view.rows.find((r) => r.name === 'Pat Parttime')!;
    expect(quinn.share).toBeLessThan(pat.share);

    // Same facts, same rota.
    await as(admin.token).post('/api/rota/reshuffle-future').expect(200);
    expect(await year(admin)).toEqual(days);

    // "Always pair": every day has a teacher and a support person.
    await as(admin.token).post('/api/system-settings', { mixMode: 'always' }).expect((res) => expect([200, 201]).toContain(res.status));
    await as(admin.token).post('/api/rota/reshuffle-future').expect(200);
    const paired = await year(admin);
    const unmixed = paired.filter((d) => new Set(d.slots.map((s) => byId.get(s.staff!.id)!.isTeaching)).size !== 2).map((d) => d.date);
    expect(unmixed).toEqual([]);
    const pairedDuties = paired.flatMap((d) => d.slots.map((s) => ({ date: d.date, id: s.staff!.id })));
    expect(pairedDuties.filter(({ date, id }) => !(byId.get(id)!.workingDays ?? [1, 2, 3, 4, 5]).includes(isoWeekday(date)))).toEqual([]);
  });

  /** A response body as bytes, whatever its type. */
  const bytes = (res: unknown, done: (err: Error | null, body: unknown) => void) => {
    const stream = res as NodeJS.ReadableStream;
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => done(null, Buffer.concat(chunks)));
  };
  /** An XLSX response read back as exceljs reads a file. */
  const workbook = async (body: unknown) => {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(new Uint8Array(body as Buffer).buffer as ArrayBuffer);
    return book;
  };

  it('shows staff their own line against the team, covers a term, and exports the table and the rota as CSV and XLSX', async () => {
    const admin = await registerOrganization(t);
    const api = as(admin.token);
    await api.put('/api/term-dates/2025', { terms: TERMS }).expect(200);
    const me = await memberWithRole(t, admin, 'staff', 'Sam Staff');
    const others = [['=HYPERLINK("http://evil.example","Ann")', true], ['Ben Teacher', true], ['Cat Support', false]] as const;
    for (const [i, [name, isTeaching]] of others.entries()) {
      await api.post('/api/staff', { name, email: `person${i}-${admin.subdomain}@example.com`, isTeaching }).expect(201);
    }
    await api.post('/api/rota/fill-unassigned').expect(200);

    const all = await fairness(admin);
    expect(all.rows).toHaveLength(4);
    const mine = (await as(me.token).get('/api/fairness?period=year').expect(200)).body;
    expect(mine.rows.map((r: FairnessRow) => r.staffId)).toEqual([me.staffId]);
    expect(mine.summary).toEqual(all.summary);

    const autumn = (await api.get('/api/fairness?academicYear=2025&period=autumn').expect(200)).body;
    expect(autumn).toMatchObject({ period: 'autumn', startDate: '2025-09-03', endDate: '2025-12-19' });
    const autumnDays = (await api.get('/api/rota?startDate=2025-09-03&endDate=2025-12-19').expect(200)).body as Day[];
    expect(autumn.summary.totalDuties).toBe(autumnDays.length * 2);
    expect((await api.get('/api/fairness?academicYear=2026&period=spring').expect(400)).body.message).toBe(
      '2026-2027 has no term dates: set them on the Holidays screen to see a term',
    );
    expect((await api.get('/api/fairness/export?format=pdf').expect(400)).body.message).toContain('format must be csv or xlsx');

    const csv = await api.get('/api/fairness/export?academicYear=2025&period=year&format=csv').buffer(true).parse(bytes).expect(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="fairness-2025-2026-year.csv"');
    const lines = (csv.body as Buffer).toString('utf8').replace(/^\uFEFF/, '').trim().split('\n');
    expect(lines[0]).toBe(
      'Name,Department,Staff type,Working days,Done,Planned,Fair share,Difference,Available days,FTE,Day weight,Weighted days,How the share is made',
    );
    // A name that looks like a formula stays text in the CSV.
    expect(lines.find((l) => l.includes('HYPERLINK'))).toMatch(/^"'=HYPERLINK\(/);

    const xlsx = await api.get('/api/fairness/export?academicYear=2025&period=year&format=xlsx').buffer(true).parse(bytes).expect(200);
    const book = await workbook(xlsx.body);
    const sheet = book.worksheets[0]!;
    const read = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    expect(read(1)).toEqual([
      'Name', 'Department', 'Staff type', 'Working days', 'Done', 'Planned', 'Fair share', 'Difference',
      'Available days', 'FTE', 'Day weight', 'Weighted days', 'How the share is made',
    ]);
    const table = all.rows.map((_, i) => read(i + 2));
    expect(table.map((r) => [r[0], r[4], r[5], r[6], r[7]])).toEqual(all.rows.map((r) => [r.name, r.done, r.planned, r.share, r.difference]));
    // How each share was made travels with it (docs/product.md#the-fairness-view).
    expect(table.map((r) => [r[8], r[11], r[12]])).toEqual(all.rows.map((r) => [r.availableDays, r.weightedDays, r.shareExplanation]));
    expect(all.rows[0]!.shareExplanation).toMatch(/^Works every weekday: \d+ of the \d+ school days available\. No FTE set: each day counts 1\. Share: /);
    expect(typeof sheet.getRow(2).getCell(1).value).toBe('string');
    // The period's dates, as date cells.
    const from = table.length + 3;
    expect([read(from), read(from + 1)]).toEqual([
      ['From', new Date('2025-09-01T00:00:00Z')],
      ['To', new Date('2026-08-31T00:00:00Z')],
    ]);
    expect(sheet.getRow(from).getCell(2).numFmt).toBe('d mmm yyyy');

    const rotaXlsx = await api.get('/api/rota/export?startDate=2025-09-01&endDate=2025-09-30&format=xlsx').buffer(true).parse(bytes).expect(200);
    const rotaBook = await workbook(rotaXlsx.body);
    const september = (await api.get('/api/rota?startDate=2025-09-01&endDate=2025-09-30').expect(200)).body as Day[];
    const rotaSheet = rotaBook.worksheets[0]!;
    expect((rotaSheet.getRow(1).values as unknown[]).slice(1)).toEqual(['Date', 'Day', 'Duty Manager 1', 'Duty Manager 2']);
    expect(rotaSheet.rowCount).toBe(september.length + 1);
    // The date is a date cell (sorts and filters as a date), read as "3 Sep 2025".
    expect((rotaSheet.getRow(2).values as unknown[]).slice(1)).toEqual([
      new Date(`${september[0]!.date}T00:00:00Z`),
      'Wednesday',
      ...september[0]!.slots.map((s) => s.staff?.name ?? ''),
    ]);
    expect(rotaSheet.getRow(2).getCell(1).numFmt).toBe('d mmm yyyy');
    expect((await api.get('/api/rota/export?startDate=2025-09-30&endDate=2025-09-01&format=csv').expect(400)).body.message).toContain('endDate');
  });

  it('counts the days already passed by the duties they held: filling mid-term leaves everyone within one duty', async () => {
    const admin = await registerOrganization(t);
    const api = as(admin.token);
    await api.put('/api/term-dates/2025', { terms: TERMS }).expect(200);
    for (const [i, p] of PEOPLE.slice(0, 8).entries()) {
      await api.post('/api/staff', { ...p, email: `mid${i}-${admin.subdomain}@example.com` }).expect(201);
    }
    // The term began on Wednesday 3 September; nobody was planned before Tuesday 9th.
    const clock = t.get(Clock) as FixedClock;
    clock.set(parsePinnedNow('2025-09-09T08:00', 'Europe/London'));
    try {
      await api.post('/api/rota/fill-unassigned').expect(200);
      const view = await fairness(admin);
      const shares = view.rows.reduce((n, r) => n + r.share, 0);
      const held = view.rows.reduce((n, r) => n + r.done + r.planned, 0);
      expect(shares).toBeCloseTo(held, 0);
      expect(view.summary.largestDifference).toBeLessThanOrEqual(1);
    } finally {
      clock.set(parsePinnedNow('2025-09-01T09:00', 'Europe/London'));
    }
  });
});
