import { registerOrganization, type Account } from './support/accounts';
import { asUser } from './support/http';
import { memberWithRole } from './support/members';
import { createTestApp, type TestApp } from './support/test-app';

interface Person {
  token: string;
  staffId: string;
}

interface Grid {
  days: { date: string; duties: { slots: { staff: { id: string; name: string } | null }[] }[] }[];
}

interface Health {
  violations: { date: string; position: number; staffId: string; staffName: string; rule: string; reason: string }[];
}

const FROM = '2026-11-09';
const TO = '2026-11-13';
const SNOW_DAY = '2026-11-11';
const COURSE_DAY = '2026-11-12';

/**
 * A draft in the health check and the rota export (docs/product.md#drafts): the hard rules the live
 * check applies, applied to the draft's assignments — so a holiday added after the draft was made
 * shows before publishing — and the rota as a file with the draft's people in place of the live
 * rota's. Admins and managers only; another organisation's draft is not found. Real PostgreSQL.
 */
describe('drafts in the health check and the rota export', () => {
  let t: TestApp;
  let admin: Account;
  let manager: Person;
  let people: Record<'ann' | 'bob' | 'cat' | 'dan', Person>;
  const as = (token: string) => asUser(t, token);
  /** The CSV's rows after the header, each cell as text (no cell here holds a comma or a quote). */
  const rows = (csv: string) =>
    csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => line.split(','));
  const exportCsv = (token: string, query = '') => as(token).get(`/api/rota/export?startDate=${FROM}&endDate=${TO}&format=csv${query}`);

  beforeAll(async () => {
    t = await createTestApp({ env: { APP_NOW: '2026-11-02T09:00' } });
    admin = await registerOrganization(t);
    manager = await memberWithRole(t, admin, 'manager', 'Meg Manager');
    people = {
      ann: await memberWithRole(t, admin, 'staff', 'Ann Archer'),
      bob: await memberWithRole(t, admin, 'staff', 'Bob Baker'),
      cat: await memberWithRole(t, admin, 'staff', 'Cat Carter'),
      dan: await memberWithRole(t, admin, 'staff', 'Dan Dyer'),
    };
    // The live rota: Ann and Bob on every day of the week, unpinned so a draft plans those days afresh.
    for (const date of ['2026-11-09', '2026-11-10', '2026-11-11', '2026-11-12', '2026-11-13']) {
      await as(admin.token)
        .post('/api/rota', { date, slots: [people.ann.staffId, people.bob.staffId] })
        .expect(201);
    }
    await as(admin.token).post('/api/rota/unpin', { from: FROM, to: TO }).expect(200);
  });

  afterAll(async () => {
    await t.close();
  });

  it("checks the draft's assignments against facts changed since it was made, and exports the draft's rota", async () => {
    const draftId = (await as(admin.token).post('/api/rota/drafts', { startDate: FROM, endDate: TO, allWeekdays: true }).expect(201)).body
      .id as string;
    const grid = (await as(admin.token).get(`/api/rota/drafts/${draftId}/days`).expect(200)).body as Grid;
    const draftDay = (date: string) => grid.days.find((d) => d.date === date)!.duties[0]!.slots.map((s) => s.staff);
    const names = Object.fromEntries(grid.days.map((d) => [d.date, d.duties[0]!.slots.map((s) => s.staff?.name ?? '')]));
    expect(Object.keys(names)).toEqual(['2026-11-09', '2026-11-10', SNOW_DAY, COURSE_DAY, '2026-11-13']);

    // Before any change the draft breaks no hard rule.
    const health = async (token: string, query = '') =>
      (await as(token).get(`/api/rota/health?academicYear=2026${query}`).expect(200)).body as Health;
    expect((await health(admin.token, `&draftId=${draftId}`)).violations).toEqual([]);

    // Then a holiday over one of its days, and a course for one of its people on another: the
    // live rota is repaired, the draft is not (it is only published later).
    await as(admin.token).post('/api/holidays', { name: 'Snow closure', type: 'other', startDate: SNOW_DAY, endDate: SNOW_DAY }).expect(201);
    const onCourse = draftDay(COURSE_DAY)[0]!;
    await as(admin.token)
      .post('/api/staff-unavailability', { staffId: onCourse.id, startDate: COURSE_DAY, endDate: COURSE_DAY, reason: 'Course' })
      .expect(201);
    expect(((await as(admin.token).get(`/api/rota/drafts/${draftId}/days`).expect(200)).body as Grid).days).toEqual(grid.days);

    // The live check finds nothing wrong; with the draft in place, exactly its assignments on the
    // snow day and the course's day, each with the rule it breaks.
    expect((await health(admin.token)).violations).toEqual([]);
    const found = (await health(admin.token, `&draftId=${draftId}`)).violations;
    const expected = [
      ...draftDay(SNOW_DAY).map((staff, i) => ({ date: SNOW_DAY, position: i + 1, staffId: staff!.id, staffName: staff!.name, rule: 'holiday' })),
      { date: COURSE_DAY, position: 1, staffId: onCourse.id, staffName: onCourse.name, rule: 'unavailable' },
    ];
    expect(found.map(({ reason: _reason, ...v }) => v)).toEqual(expected);
    expect(found[0]!.reason).toMatch(/^Holiday: Snow closure/);
    // A manager sees the same.
    expect((await health(manager.token, `&draftId=${draftId}`)).violations).toEqual(found);

    // The export: the draft's people on every day of its period, in the live export's columns.
    const live = await exportCsv(admin.token).buffer(true).expect(200);
    const drafted = await exportCsv(admin.token, `&draftId=${draftId}`).buffer(true).expect(200);
    expect(drafted.headers['content-type']).toContain('text/csv');
    expect(drafted.headers['content-disposition']).toBe(`attachment; filename="duty-rota-draft-${FROM}-to-${TO}.csv"`);
    expect(drafted.text.replace(/^\uFEFF/, '').split('\n')[0]).toBe(live.text.replace(/^\uFEFF/, '').split('\n')[0]);
    expect(drafted.text.replace(/^\uFEFF/, '').split('\n')[0]).toBe('Date,Day,Duty Manager 1,Duty Manager 2');
    expect(rows(drafted.text)).toEqual(Object.entries(names).map(([date, who]) => [date, expect.any(String), ...who]));
    // The live rota has nobody on the snow day now, and other people than the draft elsewhere.
    const liveRows = rows(live.text);
    expect(liveRows.map((r) => r[0])).not.toContain(SNOW_DAY);
    expect(liveRows).not.toEqual(rows(drafted.text));
    const liveDays = (await as(admin.token).get(`/api/rota?startDate=${FROM}&endDate=${TO}`).expect(200)).body as {
      date: string;
      slots: { staff: { name: string } | null }[];
    }[];
    expect(liveRows).toEqual(liveDays.map((d) => [d.date, expect.any(String), ...d.slots.map((s) => s.staff?.name ?? '')]));
    const differing = Object.entries(names).filter(([date, who]) => {
      const row = liveRows.find((r) => r[0] === date);
      return !row || row.slice(2).join() !== who.join();
    });
    expect(differing.length).toBeGreaterThan(0);
    // XLSX too, and a manager may export it.
    const xlsx = await as(manager.token).get(`/api/rota/export?startDate=${FROM}&endDate=${TO}&format=xlsx&draftId=${draftId}`).expect(200);
    expect(xlsx.headers['content-disposition']).toBe(`attachment; filename="duty-rota-draft-${FROM}-to-${TO}.xlsx"`);
  });

  it("never shows a draft to staff or to another organisation, and refuses a draftId that isn't an id", async () => {
    const from = '2026-11-16';
    const to = '2026-11-20';
    const draftId = (await as(admin.token).post('/api/rota/drafts', { startDate: from, endDate: to, allWeekdays: true }).expect(201)).body
      .id as string;
    const exportOf = (token: string, query: string) => as(token).get(`/api/rota/export?startDate=${from}&endDate=${to}&format=csv${query}`);

    const refused = await exportOf(people.ann.token, `&draftId=${draftId}`).expect(403);
    expect(refused.body.message).toBe('Only admins and managers can see drafts');
    expect(JSON.stringify(refused.body)).not.toMatch(/Archer|Baker|Carter|Dyer/);
    // The health check is for admins and managers anyway: its role gate answers first.
    await as(people.ann.token).get(`/api/rota/health?draftId=${draftId}`).expect(403);
    // Staff still export the live rota.
    await exportOf(people.ann.token, '').expect(200);

    const other = await registerOrganization(t);
    const notFound = await exportOf(other.token, `&draftId=${draftId}`).expect(404);
    expect(JSON.stringify(notFound.body)).not.toMatch(/Archer|Baker|Carter|Dyer/);
    await as(other.token).get(`/api/rota/health?draftId=${draftId}`).expect(404);

    expect(JSON.stringify((await exportOf(admin.token, '&draftId=nope').expect(400)).body)).toContain("draftId must be a draft's id");
  });

  it("applies a person's working pattern and weekly cap changed since the draft was made to the draft's duties", async () => {
    const from = '2026-11-23';
    const to = '2026-11-27';
    const draftId = (await as(admin.token).post('/api/rota/drafts', { startDate: from, endDate: to, allWeekdays: true }).expect(201)).body
      .id as string;
    const grid = (await as(admin.token).get(`/api/rota/drafts/${draftId}/days`).expect(200)).body as Grid;
    const held = new Map<string, string[]>();
    for (const day of grid.days)
      for (const slot of day.duties[0]!.slots) if (slot.staff) held.set(slot.staff.id, [...(held.get(slot.staff.id) ?? []), day.date]);
    // Ten duties for four people: someone has three or more.
    const [busiest, dates] = [...held].sort((a, b) => b[1].length - a[1].length)[0]!;
    expect(dates.length).toBeGreaterThanOrEqual(3);
    const monday = grid.days[0]!.duties[0]!.slots.map((slot) => slot.staff!.id).find((id) => id !== busiest)!;

    await as(admin.token).put(`/api/staff/${busiest}`, { weeklyCap: 1 }).expect(200);
    await as(admin.token)
      .put(`/api/staff/${monday}`, { workingDays: [2, 3, 4, 5] })
      .expect(200);

    const { violations } = (await as(admin.token).get(`/api/rota/health?draftId=${draftId}`).expect(200)).body as Health;
    const inDraft = violations.filter((v) => v.date >= from && v.date <= to);
    expect(inDraft.filter((v) => v.rule === 'over_cap').map((v) => v.staffId)).toEqual(Array(dates.length - 1).fill(busiest));
    expect(inDraft.filter((v) => v.rule === 'not_working_day').map((v) => [v.date, v.staffId])).toEqual([[from, monday]]);
    expect(inDraft).toHaveLength(dates.length);
  });
});
