import { MikroORM } from '@mikro-orm/core';
import { bearer, registerOrganization, type Account } from './support/accounts';
import { asUser } from './support/http';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * Repairs after a change of facts (docs/product.md#the-rota-stays-true) on a planned school, through
 * the API on the real PostgreSQL: a change that opens capacity fills it on the planned horizon
 * (tomorrow to the last planned date), a rebalance keeps the rota fair when the school says so
 * (never on the frozen days), and each person the repair touched is told once, with the cause.
 *
 * What a rebalance moves depends on the engine's fewest-changes mode: the assertions here hold for
 * any engine that keeps the contract (fills first, moves nothing frozen, lists what it moved).
 */

const AUTUMN = { name: 'autumn', startDate: '2025-09-03', endDate: '2025-12-19', halfTermStart: '2025-10-27', halfTermEnd: '2025-10-31' };
const SPRING = { name: 'spring', startDate: '2026-01-05', endDate: '2026-03-27', halfTermStart: '2026-02-16', halfTermEnd: '2026-02-20' };
const SUMMER = { name: 'summer', startDate: '2026-04-13', endDate: '2026-07-21', halfTermStart: '2026-05-25', halfTermEnd: '2026-05-29' };
/** The last date planned: the Friday before half term. */
const PLANNED_TO = '2025-10-24';

interface Day {
  date: string;
  slots: { position: number; staff: { id: string; name: string } | null }[];
}

interface Adjusted {
  filled?: { date: string; position: number; staffId: string }[];
  moved?: { date: string; position: number; from: string; to: string }[];
}

describe('repairs after a change of facts', () => {
  let t: TestApp;
  let sql: (query: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

  beforeAll(async () => {
    // Monday 8 September 2025, 9 am in London.
    t = await createTestApp({ env: { APP_NOW: '2025-09-08T09:00' } });
    sql = (query, params = []) => t.get(MikroORM).em.getConnection().execute(query, params);
  });
  afterAll(() => t.close());

  const as = (token: string) => asUser(t, token);

  /**
   * A school with term dates and six people (two per day), planned from tomorrow to PLANNED_TO by
   * Fill; `workingDays` for all of them (Fridays left out leave Fridays empty).
   */
  async function plannedSchool({
    workingDays = [1, 2, 3, 4, 5],
    holiday,
  }: { workingDays?: number[]; holiday?: { startDate: string; endDate: string } } = {}) {
    const admin = await registerOrganization(t);
    await as(admin.token)
      .put('/api/term-dates/2025', { terms: [AUTUMN, SPRING, SUMMER] })
      .expect(200);
    const people: Record<string, string> = {};
    const emails: Record<string, string> = {};
    for (const name of ['Ann Able', 'Ben Bell', 'Cat Cole', 'Dan Dale', 'Eve Ford', 'Fay Gale']) {
      const email = `${name.split(' ')[0]!.toLowerCase()}-${admin.subdomain}@example.com`;
      const res = await as(admin.token).post('/api/staff', { name, email, workingDays }).expect(201);
      people[name] = res.body.id;
      emails[res.body.id] = email;
    }
    let holidayId: string | undefined;
    if (holiday)
      holidayId = (
        await as(admin.token)
          .post('/api/holidays', { name: 'Snow closure', type: 'other', ...holiday })
          .expect(201)
      ).body.id;
    await as(admin.token).post('/api/rota/fill-unassigned', { endDate: PLANNED_TO }).expect(200);
    return { admin, people, emails, holidayId };
  }

  const rota = async (admin: Account, start = '2025-09-09', end = PLANNED_TO): Promise<Day[]> =>
    (await as(admin.token).get(`/api/rota?startDate=${start}&endDate=${end}`).expect(200)).body;
  /** Who is in each slot from tomorrow to the end of the plan, as "date|position" → staff id. */
  const slots = async (admin: Account) =>
    new Map((await rota(admin)).flatMap((d) => d.slots.flatMap((s) => (s.staff ? [[`${d.date}|${s.position}`, s.staff.id] as const] : []))));
  const repairEmails = (admin: Account) =>
    sql(
      `select o."to", o.subject, o.text from outbox_emails o join organizations g on g.id = o.organization_id
        where g.subdomain = ? and o.kind = 'duties-repaired' order by o."to"`,
      [admin.subdomain],
    ) as Promise<{ to: string; subject: string; text: string }[]>;
  const adjusted = async (admin: Account): Promise<(Adjusted & { summary: string })[]> =>
    (
      await sql(
        `select a.summary, a.after from audit_entries a join organizations g on g.id = a.organization_id
          where g.subdomain = ? and a.action = 'rota.adjusted' order by a.created_at`,
        [admin.subdomain],
      )
    ).map((r) => ({ summary: r.summary as string, ...((typeof r.after === 'string' ? JSON.parse(r.after) : r.after) as Adjusted) }));
  /** Everyone the entry's fill or rebalance put on or took off a slot. */
  const touched = (entry: Adjusted) =>
    new Set([...(entry.filled ?? []).map((f) => f.staffId), ...(entry.moved ?? []).flatMap((m) => [m.from, m.to])]);

  it('deleting a holiday fills its days on the planned rota, tells each person put on once, with the cause, and logs what it filled', async () => {
    const { admin, emails, holidayId } = await plannedSchool({ holiday: { startDate: '2025-10-06', endDate: '2025-10-07' } });
    expect((await rota(admin, '2025-10-06', '2025-10-07')).flatMap((d) => d.slots.filter((s) => s.staff))).toEqual([]);

    await as(admin.token).delete(`/api/holidays/${holidayId}`).expect(204);

    const days = await rota(admin, '2025-10-06', '2025-10-07');
    expect(days.map((d) => [d.date, d.slots.filter((s) => s.staff).length])).toEqual([
      ['2025-10-06', 2],
      ['2025-10-07', 2],
    ]);
    const [entry] = await adjusted(admin);
    expect(entry!.summary).toMatch(/^Deleting holiday 'Snow closure' filled 4 duties on 6–7 Oct(; \d+ dut(y|ies) moved to keep the rota fair)?\.$/);
    expect(entry!.filled!.map((f) => [f.date, f.position]).sort()).toEqual([
      ['2025-10-06', 1],
      ['2025-10-06', 2],
      ['2025-10-07', 1],
      ['2025-10-07', 2],
    ]);
    // Everyone the repair put on a day (or moved) got exactly one email, nobody else one.
    const mail = await repairEmails(admin);
    expect(mail.map((m) => m.to).sort()).toEqual([...touched(entry!)].map((id) => emails[id]!).sort());
    const filledPerson = entry!.filled![0]!.staffId;
    const theirs = mail.find((m) => m.to === emails[filledPerson])!;
    expect(theirs.text).toContain("Added to fill the rota after: Deleting holiday 'Snow closure'");
    expect(theirs.text).toMatch(/You are now on duty on (Monday 6|Tuesday 7) October 2025/);
  });

  it('a new person takes the empty slots they can, and is told once', async () => {
    // Nobody works on Fridays: every Friday of the plan is empty.
    const { admin, emails } = await plannedSchool({ workingDays: [1, 2, 3, 4] });
    const fridays = (await rota(admin)).filter((d) => new Date(`${d.date}T00:00:00Z`).getUTCDay() === 5);
    expect(fridays.flatMap((d) => d.slots.filter((s) => s.staff))).toEqual([]);
    const before = await slots(admin);

    const gus = (
      await as(admin.token)
        .post('/api/staff', { name: 'Gus Hale', email: `gus-${admin.subdomain}@example.com` })
        .expect(201)
    ).body.id as string;

    const after = await slots(admin);
    // One duty a day: Gus takes one slot of each Friday of the planned horizon, which ends on the
    // last day anyone is on duty (Thursday 23 October: the empty Friday after it is not planned).
    const gusDays = [...after].filter(([, id]) => id === gus).map(([key]) => key.split('|')[0]!);
    const fridaysPlanned = ['2025-09-12', '2025-09-19', '2025-09-26', '2025-10-03', '2025-10-10', '2025-10-17'];
    expect(gusDays).not.toContain('2025-10-24');
    expect(fridaysPlanned.every((date) => gusDays.includes(date))).toBe(true);
    // Nothing planned before was emptied; what changed hands is what the log says moved.
    const [entry] = await adjusted(admin);
    expect(entry!.summary).toMatch(/^Adding Gus Hale filled \d+ duties on 12 Sep – 17 Oct(; \d+ dut(y|ies) moved to keep the rota fair)?\.$/);
    const movedKeys = new Set((entry!.moved ?? []).map((m) => `${m.date}|${m.position}`));
    for (const [key, id] of before) {
      expect(after.get(key)).toBeDefined();
      if (!movedKeys.has(key)) expect(after.get(key)).toBe(id);
    }
    const mail = await repairEmails(admin);
    expect(mail.map((m) => m.to).sort()).toEqual([...touched(entry!)].map((id) => emails[id] ?? `gus-${admin.subdomain}@example.com`).sort());
    expect(mail.filter((m) => m.to === `gus-${admin.subdomain}@example.com`)).toHaveLength(1);
  });

  it('a new person on a full rota gets their share by moves after the frozen days, each person moved told once', async () => {
    const { admin, emails } = await plannedSchool();
    const before = await slots(admin);
    const gusEmail = `gus-${admin.subdomain}@example.com`;
    const gus = (await as(admin.token).post('/api/staff', { name: 'Gus Hale', email: gusEmail }).expect(201)).body.id as string;

    const after = await slots(admin);
    const [entry] = await adjusted(admin);
    const moved = entry!.moved ?? [];
    // Seven people share the planned days (9 September to 24 October, two a day) from now on:
    // Gus's part of them is about 9; the others give theirs up, none of it on the five school days
    // after today (to Monday 15 September), which stay as they were.
    const gusDays = [...after].filter(([, id]) => id === gus).map(([key]) => key.split('|')[0]!);
    expect(gusDays.length).toBeGreaterThanOrEqual(8);
    // Every duty Gus has, the repair gave him: moved to him, or an empty slot filled (a plan may leave
    // one, depending on how its ties fell). A move may also go through a colleague (Gus takes Ann's
    // slot and Ann Ben's), so not every move is to Gus; none is on the frozen days.
    const movedToGus = moved.filter((m) => m.to === gus);
    const filledForGus = (entry!.filled ?? []).filter((f) => f.staffId === gus);
    expect(movedToGus.length).toBeGreaterThan(0);
    expect(movedToGus.length + filledForGus.length).toBe(gusDays.length);
    expect(moved.every((m) => m.date > '2025-09-15')).toBe(true);
    for (const [key, id] of before) if (key.split('|')[0]! <= '2025-09-15') expect(after.get(key)).toBe(id);
    expect(entry!.summary).toMatch(/^Adding Gus Hale moved \d+ duties to keep the rota fair\.$|; \d+ duties moved to keep the rota fair\.$/);
    // Each person a move touched: one email with the cause.
    const mail = await repairEmails(admin);
    expect(mail.map((m) => m.to).sort()).toEqual([...touched(entry!)].map((id) => emails[id] ?? gusEmail).sort());
    for (const m of mail) expect(m.text).toMatch(/(Moved to keep the rota fair|Added to fill the rota) after: Adding Gus Hale/);
  });

  it('people imported from a CSV file take the empty slots they can, one repair for the import', async () => {
    const { admin } = await plannedSchool({ workingDays: [1, 2, 3, 4] });
    const csv = [
      'name,email,department,teaching',
      `Gus Hale,gus-${admin.subdomain}@example.com,,yes`,
      `Hal Ince,hal-${admin.subdomain}@example.com,,no`,
    ].join('\n');
    await t
      .http()
      .post('/api/staff/import')
      .set(...bearer(admin.token))
      .attach('file', Buffer.from(csv, 'utf8'), { filename: 'staff.csv', contentType: 'text/csv' })
      .expect(201);

    // Both work Fridays: the two slots of each Friday of the planned horizon are theirs.
    const fridays = (await rota(admin)).filter((d) => new Date(`${d.date}T00:00:00Z`).getUTCDay() === 5 && d.date <= '2025-10-17');
    expect(fridays.map((d) => d.slots.filter((slot) => slot.staff).length)).toEqual([2, 2, 2, 2, 2, 2]);
    const entries = await adjusted(admin);
    expect(entries).toHaveLength(1);
    expect(entries[0]!.summary).toMatch(
      /^Importing 2 staff members filled 12 duties on 12 Sep – 17 Oct(; \d+ dut(y|ies) moved to keep the rota fair)?\.$/,
    );
  });

  it('a change that takes off and opens at once says both, and the person it touched twice gets one email', async () => {
    // Nobody works on Fridays; then Ann swaps her Mondays for Fridays.
    const { admin, people, emails } = await plannedSchool({ workingDays: [1, 2, 3, 4] });
    const ann = people['Ann Able']!;
    const annMondays = [...(await slots(admin))]
      .filter(([key, id]) => id === ann && new Date(`${key.split('|')[0]}T00:00:00Z`).getUTCDay() === 1)
      .map(([key]) => key.split('|')[0]!);
    expect(annMondays.length).toBeGreaterThan(0);

    const changed = await as(admin.token)
      .put(`/api/staff/${ann}`, { workingDays: [2, 3, 4, 5] })
      .expect(200);

    const n = annMondays.length;
    expect(changed.body.rotaChange).toMatchObject({ removedDuties: n, refilledDuties: n, filledDuties: 6 });
    expect(changed.body.rotaChange.message).toMatch(
      new RegExp(
        `^Changing Ann Able's working days removed ${n} (duty|duties) on .+; ${n} refilled, and filled 6 duties on 12 Sep – 17 Oct(; \\d+ dut(y|ies) moved to keep the rota fair)?\\.$`,
      ),
    );
    const toAnn = await sql(
      `select o.kind, o.text from outbox_emails o join organizations g on g.id = o.organization_id
        where g.subdomain = ? and o."to" = ? and o.kind in ('duties-removed', 'duty-added', 'duties-repaired')`,
      [admin.subdomain, emails[ann]],
    );
    expect(toAnn.map((m) => m.kind)).toEqual(['duties-repaired']);
    expect(toAnn[0]!.text).toContain('You are no longer on duty on these days:');
    expect(toAnn[0]!.text).toContain("Added to fill the rota after: Changing Ann Able's working days");
  });

  it('more duty managers per day: the new slot of every planned day is filled, and the answer says so', async () => {
    const { admin } = await plannedSchool();
    const planned = (await rota(admin)).filter((d) => d.slots.some((slot) => slot.staff));
    expect(planned.length).toBeGreaterThan(20);

    const saved = await as(admin.token).post('/api/system-settings', { dutyManagersPerDay: 3 }).expect(200);

    expect(saved.body.rotaChange).toMatchObject({ removedDuties: 0, refilledDuties: 0, filledDuties: planned.length });
    expect(saved.body.rotaChange.message).toMatch(
      new RegExp(
        `^Setting duty managers per day to 3 filled ${planned.length} duties on 9 Sep – 24 Oct(; \\d+ dut(y|ies) moved to keep the rota fair)?\\.$`,
      ),
    );
    const after = await rota(admin);
    for (const day of planned) expect(after.find((d) => d.date === day.date)!.slots.filter((slot) => slot.staff)).toHaveLength(3);
  });

  it('with "Only fill gaps" a repair fills and moves nothing', async () => {
    const { admin, holidayId } = await plannedSchool({ holiday: { startDate: '2025-10-13', endDate: '2025-10-13' } });
    await as(admin.token).post('/api/system-settings', { keepFairness: false }).expect(200);
    const before = await slots(admin);

    await as(admin.token).delete(`/api/holidays/${holidayId}`).expect(204);

    const after = await slots(admin);
    for (const [key, id] of before) expect(after.get(key)).toBe(id);
    expect(after.size).toBe(before.size + 2);
    const [entry] = await adjusted(admin);
    expect(entry!.summary).toBe("Deleting holiday 'Snow closure' filled 2 duties on 13 Oct.");
    expect(entry!.moved).toEqual([]);
  });

  it('nothing within the frozen school days changes hands, and a removal and a fill tell each person once', async () => {
    const { admin, people, emails } = await plannedSchool();
    const frozen = ['2025-09-09', '2025-09-10', '2025-09-11', '2025-09-12', '2025-09-15'];
    const frozenBefore = new Map([...(await slots(admin))].filter(([key]) => frozen.includes(key.split('|')[0]!)));
    expect(frozenBefore.size).toBe(10);

    // Ann is away on one frozen day: the hard rule takes her off it (and auto-fill refills it).
    const ann = people['Ann Able']!;
    const annDay = [...frozenBefore].find(([, id]) => id === ann)?.[0]?.split('|')[0];
    expect(annDay).toBeDefined();
    const away = await as(admin.token)
      .post('/api/staff-unavailability', { staffId: ann, startDate: annDay, endDate: annDay, type: 'sick', reason: 'Flu' })
      .expect(201);
    expect(away.body.cancelledDuties).toBe(1);

    const frozenAfter = new Map([...(await slots(admin))].filter(([key]) => frozen.includes(key.split('|')[0]!)));
    for (const [key, id] of frozenBefore) {
      if (id === ann && key.startsWith(annDay!)) expect(frozenAfter.get(key)).not.toBe(ann);
      else expect(frozenAfter.get(key)).toBe(id);
    }
    const entries = await adjusted(admin);
    for (const m of entries.flatMap((e) => e.moved ?? [])) expect(m.date > '2025-09-15').toBe(true);
    // Each person the change touched — taken off, put on in their place, filled or moved — got one email.
    const outbox = await sql(
      `select o."to" from outbox_emails o join organizations g on g.id = o.organization_id
        where g.subdomain = ? and o.kind in ('duties-removed', 'duty-added', 'duties-repaired')`,
      [admin.subdomain],
    );
    const recipients = outbox.map((r) => r.to as string);
    expect(new Set(recipients).size).toBe(recipients.length);
    expect(recipients).toContain(emails[ann]);
  });
});
