import { MikroORM } from '@mikro-orm/core';
import { registerOrganization, type Account } from './support/accounts';
import { asUser } from './support/http';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * Fairness kept after every change by hand (docs/product.md#the-rota-stays-true), through the API on
 * the real PostgreSQL: a replacement, an assignment, a move, an approved cancellation — each pinned
 * where it is — is followed, when the school keeps the rota fair (the default), by the fewest moves
 * of the rest that bring everyone back within one duty of their share; each person is told once per
 * change (the edit's letter and the rebalance's are one email). "Only fill gaps" moves nothing
 * else. And a term extended after it was planned has the days it gained filled.
 */

const AUTUMN = { name: 'autumn', startDate: '2025-09-03', endDate: '2025-12-19', halfTermStart: '2025-10-27', halfTermEnd: '2025-10-31' };
const SPRING = { name: 'spring', startDate: '2026-01-05', endDate: '2026-03-27', halfTermStart: '2026-02-16', halfTermEnd: '2026-02-20' };
const SUMMER = { name: 'summer', startDate: '2026-04-13', endDate: '2026-07-21', halfTermStart: '2026-05-25', halfTermEnd: '2026-05-29' };
const NAMES = ['Ann Able', 'Ben Bell', 'Cat Cole', 'Dan Dale', 'Eve Ford', 'Fay Gale'];

interface Day {
  date: string;
  slots: { position: number; staff: { id: string; name: string } | null; pinned?: boolean }[];
}

describe('fairness kept after a change by hand', () => {
  let t: TestApp;
  let sql: (query: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

  beforeAll(async () => {
    // Monday 8 September 2025, 9 am in London.
    t = await createTestApp({ env: { APP_NOW: '2025-09-08T09:00' } });
    sql = (query, params = []) => t.get(MikroORM).em.getConnection().execute(query, params);
  });
  afterAll(() => t.close());

  const as = (token: string) => asUser(t, token);

  /** A school of six (two per day) with the year planned by Fill, as a school does in September, or up to `endDate`. */
  async function plannedSchool(endDate?: string) {
    const admin = await registerOrganization(t);
    await as(admin.token)
      .put('/api/term-dates/2025', { terms: [AUTUMN, SPRING, SUMMER] })
      .expect(200);
    const people: Record<string, string> = {};
    const emails: Record<string, string> = {};
    for (const name of NAMES) {
      const email = `${name.split(' ')[0]!.toLowerCase()}-${admin.subdomain}@example.com`;
      const res = await as(admin.token).post('/api/staff', { name, email }).expect(201);
      people[name] = res.body.id;
      emails[name] = email;
    }
    await as(admin.token)
      .post('/api/rota/fill-unassigned', endDate ? { endDate } : {})
      .expect(200);
    return { admin, people, emails };
  }

  const rota = async (admin: Account, start = '2025-09-09', end = SUMMER.endDate): Promise<Day[]> =>
    (await as(admin.token).get(`/api/rota?startDate=${start}&endDate=${end}`).expect(200)).body;
  /** The largest gap between an active person's duties and their fair share this year. */
  const largestGap = async (admin: Account) => {
    const rows = (await as(admin.token).get('/api/fairness?academicYear=2025').expect(200)).body.rows as {
      isActive: boolean;
      done: number;
      planned: number;
      share: number;
    }[];
    return Math.max(...rows.filter((r) => r.isActive).map((r) => Math.abs(r.done + r.planned - r.share)));
  };
  const mailTo = (admin: Account, to: string) =>
    sql(
      `select o.subject, o.text from outbox_emails o join organizations g on g.id = o.organization_id
        where g.subdomain = ? and o."to" = ? order by o.created_at, o.id`,
      [admin.subdomain, to],
    ) as Promise<{ subject: string; text: string }[]>;
  const holderOf = (days: Day[], date: string, position: number) =>
    days.find((d) => d.date === date)?.slots.find((s) => s.position === position)?.staff?.id ?? null;
  /** Slots held by someone other than `id` on days after the frozen days, one per week from `from`. */
  const othersSlots = (days: Day[], id: string, from: string, count: number) => {
    const picked: { date: string; position: number }[] = [];
    for (const d of days) {
      if (d.date < from || picked.length >= count || picked.some((p) => p.date.slice(0, 8) === d.date.slice(0, 8) && p.date > addDays(d.date, -7)))
        continue;
      if (d.slots.some((s) => s.staff?.id === id)) continue;
      const slot = d.slots.find((s) => s.staff);
      if (slot) picked.push({ date: d.date, position: slot.position });
    }
    return picked;
  };

  it('replacing colleagues by hand moves the fewest others to keep everyone within a duty of their share; each person gets one email per change', async () => {
    const { admin, people, emails } = await plannedSchool();
    const ann = people['Ann Able']!;
    expect(await largestGap(admin)).toBeLessThanOrEqual(1);
    const targets = othersSlots(await rota(admin), ann, '2025-09-22', 4);
    expect(targets).toHaveLength(4);

    const messages: string[] = [];
    for (const [i, target] of targets.entries()) {
      const mailBefore = new Map<string, number>();
      for (const name of NAMES) mailBefore.set(name, (await mailTo(admin, emails[name]!)).length);
      const daysBefore = await rota(admin);
      const replaced = holderOf(daysBefore, target.date, target.position)!;

      const res = await as(admin.token)
        .post('/api/rota/replace', { ...target, staffId: ann, reason: 'Cover' })
        .expect(200);
      messages.push(res.body.message);

      // Within one duty of fair share after every edit, though Ann took four more.
      expect(await largestGap(admin)).toBeLessThanOrEqual(1);
      const days = await rota(admin);
      // Every edit so far is pinned and stays where it was put.
      for (const done of targets.slice(0, i + 1)) expect(holderOf(days, done.date, done.position)).toBe(ann);
      // Who changed: one email each (the edit's and the rebalance's letters are one), nobody else any.
      const changed = new Set<string>();
      for (const d of days) {
        const was = new Set(daysBefore.find((b) => b.date === d.date)?.slots.flatMap((s) => (s.staff ? [s.staff.id] : [])) ?? []);
        const now = new Set(d.slots.flatMap((s) => (s.staff ? [s.staff.id] : [])));
        for (const id of [...was, ...now]) if (was.has(id) !== now.has(id)) changed.add(id);
      }
      expect(changed.has(ann) && changed.has(replaced)).toBe(true);
      for (const name of NAMES) {
        const sent = (await mailTo(admin, emails[name]!)).length - mailBefore.get(name)!;
        expect([name, sent]).toEqual([name, changed.has(people[name]!) ? 1 : 0]);
      }
    }
    // Whoever edits is told what else moved: "Ann Able takes Ben Bell's duty on …. 1 other duty moved to keep the rota fair."
    expect(messages.some((m) => /^Ann Able takes \w+ \w+'s duty on .+\. \d+ other dut(y|ies) moved to keep the rota fair\.$/.test(m))).toBe(true);
    // The rebalance took some of Ann's unpinned duties, and told her so in the edit's letter.
    const annMail = await mailTo(admin, emails['Ann Able']!);
    expect(annMail.some((m) => m.text.includes('to keep the rota fair after Ann Able replacing'))).toBe(true);
    const log = await sql(
      `select a.summary from audit_entries a join organizations g on g.id = a.organization_id where g.subdomain = ? and a.action = 'rota.adjusted'`,
      [admin.subdomain],
    );
    expect(
      log.some((r) => /^\d+ dut(y|ies) moved on .+ to keep the rota fair after Ann Able replacing \w+ \w+ on .+\.$/.test(String(r.summary))),
    ).toBe(true);
  });

  it('with "Only fill gaps" a hand edit changes that slot and nothing else', async () => {
    const { admin, people } = await plannedSchool();
    await as(admin.token).post('/api/system-settings', { keepFairness: false }).expect(200);
    const ann = people['Ann Able']!;
    const before = await rota(admin);
    const targets = othersSlots(before, ann, '2025-09-22', 3);
    for (const target of targets) {
      await as(admin.token)
        .post('/api/rota/replace', { ...target, staffId: ann, reason: 'Cover' })
        .expect(200);
    }
    const after = await rota(admin);
    const differs = after.flatMap((d) =>
      d.slots.filter((s) => s.staff?.id !== holderOf(before, d.date, s.position)).map((s) => ({ date: d.date, position: s.position })),
    );
    expect(differs.sort((a, b) => a.date.localeCompare(b.date))).toEqual(targets);
  });

  it('moving a duty to another day by hand is one email to its holder, saying both days', async () => {
    const { admin, people, emails } = await plannedSchool();
    const days = await rota(admin);
    const from = days.find((d) => d.date >= '2025-09-29' && d.slots.some((s) => s.staff?.id === people['Ben Bell']))!;
    const position = from.slots.find((s) => s.staff?.id === people['Ben Bell'])!.position;
    // A later day without Ben, with a slot emptied by hand.
    const to = days.find((d) => d.date > from.date && !d.slots.some((s) => s.staff?.id === people['Ben Bell']))!;
    await as(admin.token).post('/api/rota/remove', { date: to.date, position: 1, reason: 'Course' }).expect(200);
    const before = (await mailTo(admin, emails['Ben Bell']!)).length;

    await as(admin.token).post('/api/rota/move', { date: from.date, position, toDate: to.date }).expect(200);

    const mail = (await mailTo(admin, emails['Ben Bell']!)).slice(before);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe('Your duties have changed');
    expect(mail[0]!.text.match(/^Hello Ben Bell,/gm)).toHaveLength(1);
    expect(mail[0]!.text).toContain('You are no longer on duty on this day:');
    expect(mail[0]!.text).toContain(`has put you on the duty rota on`);
    // The closing line once, at the end.
    expect(mail[0]!.text.trim().split('\n\n').at(-1)).toBe('You can see the whole rota in Duty Manager.');
    expect(mail[0]!.text.match(/You can see the whole rota/g)).toHaveLength(1);
  });

  it('a term extended after it was planned has the days it gained filled', async () => {
    const { admin } = await plannedSchool(AUTUMN.endDate);
    expect((await rota(admin, '2025-12-22', '2025-12-23')).flatMap((d) => d.slots.filter((s) => s.staff))).toEqual([]);

    await as(admin.token)
      .put('/api/term-dates/2025', { terms: [{ ...AUTUMN, endDate: '2025-12-23' }, SPRING, SUMMER] })
      .expect(200);

    const gained = await rota(admin, '2025-12-22', '2025-12-23');
    expect(gained.map((d) => [d.date, d.slots.filter((s) => s.staff).length])).toEqual([
      ['2025-12-22', 2],
      ['2025-12-23', 2],
    ]);
    // Spring, never planned, stays as it was.
    expect((await rota(admin, SPRING.startDate, SPRING.endDate)).flatMap((d) => d.slots.filter((s) => s.staff))).toEqual([]);
  });
});

function addDays(date: string, n: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}
