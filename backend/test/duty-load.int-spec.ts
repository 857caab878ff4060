import ExcelJS from 'exceljs';
import { registerOrganization, type Account } from './support/accounts';
import { asUser } from './support/http';
import { memberWithRole } from './support/members';
import { createTestApp, type TestApp } from './support/test-app';

interface Grid {
  duties: { id: string; name: string }[];
  days: { date: string; duties: { dutyId: string; needed: number; slots: { staff: { id: string; name: string } | null }[] }[] }[];
}
interface DutyLoad {
  academicYear: string;
  period: string;
  startDate: string;
  endDate: string;
  duties: { id: string; name: string; weight: number }[];
  rows: {
    staffId: string;
    name: string;
    load: number;
    target: number;
    difference: number;
    perDuty: { dutyId: string; count: number; load: number }[];
  }[];
  summary: { largestGap: number; perDuty: { dutyId: string; min: number; max: number }[] };
}

/**
 * The load view (docs/product.md#duties): each active person's weighted load over every duty —
 * Σ weight of their slots — against their fair share as the engine makes it, per duty the count
 * and load, the largest gap and each duty's spread; staff see their own row; CSV and XLSX exports.
 */
describe('the load over every duty', () => {
  let t: TestApp;
  let admin: Account;
  const as = (token: string) => asUser(t, token);
  const bytes = (res: unknown, done: (err: Error | null, body: unknown) => void) => {
    const stream = res as NodeJS.ReadableStream;
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => done(null, Buffer.concat(chunks)));
  };

  beforeAll(async () => {
    // Monday 5 July 2027: the rest of 2026-2027 (no term dates: every weekday to 31 August) is planned below.
    t = await createTestApp({ env: { APP_NOW: '2027-07-05T09:00' } });
    admin = await registerOrganization(t);
  });
  afterAll(() => t.close());

  it('weighs each person’s duties, shares the load as the engine does, shows staff their own row and exports the table', async () => {
    const people: { staffId: string; name: string; token: string }[] = [];
    for (let i = 0; i < 6; i++) {
      const name = `Load ${String.fromCharCode(65 + i)}`;
      people.push({ ...(await memberWithRole(t, admin, 'staff', name)), name });
    }
    const everyDay = (n: number) => [1, 2, 3, 4, 5].map((weekday) => ({ weekday, people: n }));
    const create = async (body: object) => ((await as(admin.token).post('/api/duties', body).expect(201)).body as { duty: { id: string } }).duty.id;
    const lunch = await create({ name: 'Lunch', place: 'Canteen', startTime: '12:30', endTime: '13:10', weekdays: everyDay(1), weight: 40 });
    const gate = await create({
      name: 'Gate',
      startTime: '08:30',
      endTime: '08:45',
      weekdays: everyDay(1),
      weight: 20,
      eligible: 'listed',
      staffIds: [people[0]!.staffId, people[1]!.staffId],
    });
    const duties = (await as(admin.token).get('/api/duties').expect(200)).body as { id: string; isDutyManager: boolean }[];
    const dutyManager = duties.find((d) => d.isDutyManager)!.id;

    const filled = await as(admin.token)
      .post('/api/rota/fill-unassigned', { academicYear: 2026, endDate: '2027-08-31', allWeekdays: true, dutyIds: [dutyManager, lunch, gate] })
      .expect(200);
    expect(filled.body).toMatchObject({ startDate: '2027-07-06', endDate: '2027-08-31', unfilledSlots: 0 });

    const view = (await as(admin.token).get('/api/fairness/duties?academicYear=2026&period=year').expect(200)).body as DutyLoad;
    expect(view).toMatchObject({ academicYear: '2026-2027', period: 'year', startDate: '2026-09-01', endDate: '2027-08-31' });
    expect(view.duties).toEqual([
      { id: dutyManager, name: 'Duty Manager', weight: 60 },
      { id: lunch, name: 'Lunch', weight: 40 },
      { id: gate, name: 'Gate', weight: 20 },
    ]);

    // The loads, read independently from the grid: Σ weight of each person's slots, and the count per duty.
    const grid = (await as(admin.token).get('/api/rota/grid?startDate=2026-09-01&endDate=2026-09-30').expect(200)).body as Grid;
    expect(grid.days.flatMap((d) => d.duties.flatMap((c) => c.slots.filter((s) => s.staff)))).toEqual([]);
    const summer = (await as(admin.token).get('/api/rota/grid?startDate=2027-07-01&endDate=2027-08-31').expect(200)).body as Grid;
    const weight = new Map(view.duties.map((d) => [d.id, d.weight]));
    const counts = new Map<string, Map<string, number>>();
    for (const day of summer.days) {
      for (const cell of day.duties) {
        for (const slot of cell.slots) {
          if (!slot.staff) continue;
          const mine = counts.get(slot.staff.id) ?? counts.set(slot.staff.id, new Map()).get(slot.staff.id)!;
          mine.set(cell.dutyId, (mine.get(cell.dutyId) ?? 0) + 1);
        }
      }
    }
    // Everyone active on the staff has a row (the admin who registered the school isn't on it).
    expect(view.rows).toHaveLength(6);
    for (const row of view.rows) {
      const mine = counts.get(row.staffId) ?? new Map<string, number>();
      const load = [...mine].reduce((n, [duty, count]) => n + count * weight.get(duty)!, 0);
      expect({ name: row.name, load: row.load }).toEqual({ name: row.name, load });
      expect(row.perDuty).toEqual(view.duties.map((d) => ({ dutyId: d.id, count: mine.get(d.id) ?? 0, load: (mine.get(d.id) ?? 0) * d.weight })));
      expect(row.difference).toBeCloseTo(row.load - row.target, 0);
    }
    // Only the two listed people hold the gate, and they get a fair share of it.
    const gateHolders = view.rows.filter((r) => r.perDuty[2]!.count > 0).map((r) => r.staffId);
    expect(new Set(gateHolders)).toEqual(new Set([people[0]!.staffId, people[1]!.staffId]));
    // 41 weekdays from 6 July to 31 August, each 2 × 60 + 40 + 20.
    const total = view.rows.reduce((n, r) => n + r.load, 0);
    expect(total).toBe(41 * 180);
    // The targets share out the load of the active staff, to within their rounding to one decimal.
    expect(Math.abs(view.rows.reduce((n, r) => n + r.target, 0) - total)).toBeLessThanOrEqual(0.05 * view.rows.length);
    expect(view.summary.largestGap).toBeCloseTo(Math.max(...view.rows.map((r) => Math.abs(r.difference))), 0);
    // Rows by difference, largest first; the spread of each duty among those allowed on it.
    expect(view.rows.map((r) => r.difference)).toEqual([...view.rows.map((r) => r.difference)].sort((a, b) => b - a));
    const gateCounts = view.rows.filter((r) => gateHolders.includes(r.staffId)).map((r) => r.perDuty[2]!.count);
    const lunchCounts = view.rows.map((r) => r.perDuty[1]!.count);
    expect(view.summary.perDuty).toEqual([
      {
        dutyId: dutyManager,
        min: Math.min(...view.rows.map((r) => r.perDuty[0]!.count)),
        max: Math.max(...view.rows.map((r) => r.perDuty[0]!.count)),
      },
      { dutyId: lunch, min: Math.min(...lunchCounts), max: Math.max(...lunchCounts) },
      { dutyId: gate, min: Math.min(...gateCounts), max: Math.max(...gateCounts) },
    ]);

    // A staff member sees their own row and the team's figures.
    const mine = (await as(people[3]!.token).get('/api/fairness/duties?academicYear=2026').expect(200)).body as DutyLoad;
    expect(mine.rows.map((r) => r.staffId)).toEqual([people[3]!.staffId]);
    expect(mine.rows[0]).toEqual(view.rows.find((r) => r.staffId === people[3]!.staffId));
    expect(mine.summary).toEqual(view.summary);
    expect(mine.duties).toEqual(view.duties);

    // The CSV: a header with a column per duty, a row per person, then the team's figures.
    const csv = await as(admin.token).get('/api/fairness/duties/export?academicYear=2026&format=csv').buffer(true).parse(bytes).expect(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="duty-load-2026-2027-year.csv"');
    const lines = (csv.body as Buffer)
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe('Name,Duty Manager,Lunch,Gate,Load,Fair share,Difference');
    expect(lines.slice(1, 7)).toEqual(view.rows.map((r) => [r.name, ...r.perDuty.map((p) => p.count), r.load, r.target, r.difference].join(',')));
    expect(lines[7]).toBe('');
    expect(lines).toContain(`Largest gap (minutes),${view.summary.largestGap}`);
    // Staff export their own row.
    const theirs = await as(people[3]!.token).get('/api/fairness/duties/export?academicYear=2026&format=csv').buffer(true).parse(bytes).expect(200);
    const theirLines = (theirs.body as Buffer)
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(theirLines.slice(1, 3)).toEqual([expect.stringMatching(/^Load D,/), '']);

    const xlsx = await as(admin.token).get('/api/fairness/duties/export?academicYear=2026&format=xlsx').buffer(true).parse(bytes).expect(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(new Uint8Array(xlsx.body as Buffer).buffer as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(['Name', 'Duty Manager', 'Lunch', 'Gate', 'Load', 'Fair share', 'Difference']);
    expect((sheet.getRow(2).values as unknown[]).slice(1)).toEqual([
      view.rows[0]!.name,
      ...view.rows[0]!.perDuty.map((p) => p.count),
      view.rows[0]!.load,
      view.rows[0]!.target,
      view.rows[0]!.difference,
    ]);

    // A paused duty with no slots left in the period is no longer a column; its load is gone from everyone's.
    await as(admin.token).post(`/api/duties/${gate}/pause`).expect(200);
    const paused = (await as(admin.token).get('/api/fairness/duties?academicYear=2026').expect(200)).body as DutyLoad;
    expect(paused.duties.map((d) => d.name)).toEqual(['Duty Manager', 'Lunch']);
    expect(paused.rows.every((r) => r.perDuty.length === 2 && r.load === r.perDuty[0]!.load + r.perDuty[1]!.load)).toBe(true);
    expect(paused.summary.perDuty.map((s) => s.dutyId)).toEqual([dutyManager, lunch]);

    // Refused: an unknown format, a period that isn't one.
    expect((await as(admin.token).get('/api/fairness/duties/export?format=pdf').expect(400)).body.message).toContain('format must be csv or xlsx');
    expect((await as(admin.token).get('/api/fairness/duties?period=week').expect(400)).body.message).toContain('period must be one of');
  });

  it('keeps another school apart: its view shows its own Duty Manager duty and people only', async () => {
    const other = await registerOrganization(t);
    const ann = await memberWithRole(t, other, 'staff', 'Other Ann');
    await as(other.token)
      .post('/api/rota', { date: '2027-07-07', slots: [ann.staffId] })
      .expect(201);
    const theirs = (await as(other.token).get('/api/fairness/duties?academicYear=2026').expect(200)).body as DutyLoad;
    expect(theirs.duties.map((d) => [d.name, d.weight])).toEqual([['Duty Manager', 60]]);
    expect(theirs.rows).toHaveLength(1);
    expect(theirs.rows.find((r) => r.staffId === ann.staffId)).toMatchObject({ name: 'Other Ann', load: 60, perDuty: [{ count: 1, load: 60 }] });
    expect(theirs.rows.every((r) => !r.name.startsWith('Load '))).toBe(true);
    const ours = (await as(admin.token).get('/api/fairness/duties?academicYear=2026').expect(200)).body as DutyLoad;
    expect(ours.rows.some((r) => r.staffId === ann.staffId)).toBe(false);
    expect(ours.duties.map((d) => d.name)).toEqual(['Duty Manager', 'Lunch']);
  });
});
