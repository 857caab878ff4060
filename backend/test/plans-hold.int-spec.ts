import fc from 'fast-check';
import highsLoader from 'highs';
import { registerOrganization, type Account } from './support/accounts';
import { asUser, sqlOf } from './support/http';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * Plans that hold (docs/product.md#the-rota-stays-true, #pinned-duties, #drafts), checked
 * model-based over the HTTP API on the real PostgreSQL: random sequences of the changes a school
 * makes — holidays added and deleted, the autumn term shortened or extended, deactivation and
 * reactivation, leave, working patterns and weekly caps, duty managers per day, hand assignments
 * and replacements (which pin), cancellations,
 * Fill, Rebalance, a draft of the spring term published, unpinning — on a school that keeps
 * fairness (the default) with the year planned. After every step:
 *  - the health check finds no assignment that breaks a hard rule;
 *  - every gap to fair share is within max(1, optimum): HiGHS computes the smallest largest gap any
 *    rota could reach from this one with the same people per day, moving no pinned duty, nothing in
 *    the past or the frozen days, and nobody onto a day they can't take;
 *  - no pinned duty moved (unless a hard rule took it off, which leaves a record, or it was unpinned);
 *  - in the frozen days nothing changed but what a hard rule forced (a record) and its refill, unless
 *    the step was a hand edit or Fill;
 *  - each person whose duties the step changed got exactly one email, and nobody else one.
 */

const TODAY = '2025-09-08';
const YEAR_END = '2026-08-31';
const STAFF = 6;
const FROZEN = 5;
const TERMS = [
  { name: 'autumn', startDate: '2025-09-03', endDate: '2025-12-19', halfTermStart: '2025-10-27', halfTermEnd: '2025-10-31' },
  { name: 'spring', startDate: '2026-01-05', endDate: '2026-03-27', halfTermStart: '2026-02-16', halfTermEnd: '2026-02-20' },
  { name: 'summer', startDate: '2026-04-13', endDate: '2026-07-21', halfTermStart: '2026-05-25', halfTermEnd: '2026-05-29' },
];
const AUTUMN_END = '2025-12-19';

interface Day {
  date: string;
  slots: { position: number; staff: { id: string } | null; pinned?: boolean }[];
}

const addDays = (date: string, n: number) => new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const isoWeekday = (date: string) => ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
const mondayOf = (date: string) => addDays(date, 1 - isoWeekday(date));

/** Term-time weekdays of the autumn term from tomorrow: where the commands act. */
const AUTUMN: string[] = [];
for (let d = addDays(TODAY, 1); d <= AUTUMN_END; d = addDays(d, 1)) {
  if (isoWeekday(d) <= 5 && !(d >= '2025-10-27' && d <= '2025-10-31')) AUTUMN.push(d);
}
/** The frozen days: the next FROZEN school days after today (no holiday is added before them). */
const FROZEN_THROUGH = AUTUMN[FROZEN - 1]!;

/** What the test knows of each person, to compute the optimum as the rules allow it. */
interface Person {
  id: string;
  email: string;
  active: boolean;
  workingDays: number[];
  weeklyCap: number | null;
  away: { start: string; end: string }[];
}

interface Model {
  holidays: string[];
}

interface Real {
  admin: Account;
  people: Person[];
  defaultCap: number | null;
  log: string[];
}

type Highs = Awaited<ReturnType<typeof highsLoader>>;

describe('plans hold: fair, pinned and quiet after any sequence of changes', () => {
  let t: TestApp;
  let highs: Highs;
  let sql: ReturnType<typeof sqlOf>;
  beforeAll(async () => {
    t = await createTestApp({ env: { APP_NOW: `${TODAY}T09:00` } });
    highs = await highsLoader();
    sql = sqlOf(t);
  });
  afterAll(() => t.close());

  const call = (token: string) => asUser(t, token);
  /** Every step run, with its answer: the property must have exercised the changes, not skipped them. */
  const stepsRun: string[] = [];

  async function rota(real: Real): Promise<Day[]> {
    return (
      await call(real.admin.token)
        .get(`/api/rota?startDate=${addDays(TODAY, 1)}&endDate=${YEAR_END}`)
        .expect(200)
    ).body as Day[];
  }

  /** Who is on which date, and which of those are pinned. */
  function holders(days: Day[]) {
    const on = new Map<string, Set<string>>();
    const pinned = new Set<string>();
    for (const d of days) {
      on.set(d.date, new Set(d.slots.flatMap((s) => (s.staff ? [s.staff.id] : []))));
      for (const s of d.slots) if (s.staff && s.pinned) pinned.add(`${d.date}|${s.staff.id}`);
    }
    return { on, pinned };
  }

  /** Approved cancellations per person and date: the records a hard rule's removal leaves. */
  async function records(real: Real): Promise<Map<string, number>> {
    const list = (await call(real.admin.token).get('/api/cancel-requests').expect(200)).body as { staffId: string; date: string; status: string }[];
    const counts = new Map<string, number>();
    for (const r of list) if (r.status === 'approved') counts.set(`${r.date}|${r.staffId}`, (counts.get(`${r.date}|${r.staffId}`) ?? 0) + 1);
    return counts;
  }

  async function emailsTo(real: Real): Promise<Map<string, number>> {
    const rows = await sql(
      `select o."to", count(*)::int as n from outbox_emails o join organizations g on g.id = o.organization_id where g.subdomain = ? group by o."to"`,
      [real.admin.subdomain],
    );
    return new Map(rows.map((r) => [String(r.to), Number(r.n)]));
  }

  /**
   * Whether some rota reachable from `days` has every gap within `z`: the duties that may move (after
   * the frozen days, not pinned) given to people who may take each day (working it, not away, not
   * cancelled from it, within their weekly cap), each day keeping its number of people. Each day
   * needs its people and each person's duties lie between ⌈share − z⌉ and ⌊share + z⌋: a
   * transportation problem whose constraint matrix (days on one side, people and their weeks — a
   * laminar family — on the other) is totally unimodular, so HiGHS's linear programme is feasible
   * exactly when a rota is.
   */
  async function reachable(real: Real, days: Day[], z: number): Promise<boolean> {
    const fairness = (await call(real.admin.token).get('/api/fairness?academicYear=2025').expect(200)).body as {
      rows: { staffId: string; isActive: boolean; share: number }[];
    };
    const share = new Map(fairness.rows.filter((r) => r.isActive).map((r) => [r.staffId, r.share]));
    const blocked = new Set((await records(real)).keys());
    const people = real.people.filter((p) => p.active);
    const fixed = new Map(people.map((p) => [p.id, 0]));
    const fixedWeek = new Map<string, number>();
    const can = (p: Person, date: string) =>
      p.workingDays.includes(isoWeekday(date)) && !p.away.some((a) => a.start <= date && date <= a.end) && !blocked.has(`${date}|${p.id}`);
    const rows: string[] = [];
    const vars = new Map<string, string[]>();
    const weekVars = new Map<string, string[]>();
    const all: string[] = [];
    days.forEach((d, j) => {
      const filled = d.slots.filter((s) => s.staff);
      const movable = d.date > FROZEN_THROUGH ? filled.filter((s) => !s.pinned) : [];
      for (const s of filled) {
        if (movable.includes(s)) continue;
        const id = s.staff!.id;
        if (fixed.has(id)) fixed.set(id, fixed.get(id)! + 1);
        fixedWeek.set(`${id}|${mondayOf(d.date)}`, (fixedWeek.get(`${id}|${mondayOf(d.date)}`) ?? 0) + 1);
      }
      if (!movable.length) return;
      const stuck = new Set(filled.filter((s) => !movable.includes(s)).map((s) => s.staff!.id));
      const terms: string[] = [];
      people.forEach((p, i) => {
        if (stuck.has(p.id) || !can(p, d.date)) return;
        const x = `x_${i}_${j}`;
        terms.push(x);
        all.push(x);
        (vars.get(p.id) ?? vars.set(p.id, []).get(p.id)!).push(x);
        const week = `${p.id}|${mondayOf(d.date)}`;
        (weekVars.get(week) ?? weekVars.set(week, []).get(week)!).push(x);
      });
      rows.push(`day_${j}: ${terms.length ? terms.join(' + ') : '0 x_none'} = ${movable.length}`);
    });
    people.forEach((p, i) => {
      const sum = vars.get(p.id)?.join(' + ') ?? '0 x_none';
      const s = share.get(p.id)!;
      rows.push(`most_${i}: ${sum} <= ${Math.floor(s + z + 1e-9) - fixed.get(p.id)!}`);
      rows.push(`least_${i}: ${sum} >= ${Math.ceil(s - z - 1e-9) - fixed.get(p.id)!}`);
      const cap = p.weeklyCap ?? real.defaultCap;
      if (cap === null) return;
      let k = 0;
      for (const [week, xs] of weekVars) {
        if (week.startsWith(`${p.id}|`)) rows.push(`cap_${i}_${(k += 1)}: ${xs.join(' + ')} <= ${Math.max(0, cap - (fixedWeek.get(week) ?? 0))}`);
      }
    });
    const model = [
      'Minimize',
      ' obj: 0 x_none',
      'Subject To',
      ...rows.map((r) => ` ${r}`),
      'Bounds',
      ' x_none = 0',
      ...all.map((x) => ` 0 <= ${x} <= 1`),
      'End',
    ].join('\n');
    const result = highs.solve(model);
    if (result.Status !== 'Optimal' && result.Status !== 'Infeasible') throw new Error(`HiGHS: ${result.Status}`);
    return result.Status === 'Optimal';
  }

  async function largestGap(real: Real): Promise<number> {
    const fairness = (await call(real.admin.token).get('/api/fairness?academicYear=2025').expect(200)).body as {
      rows: { isActive: boolean; difference: number; share: number; done: number; planned: number }[];
    };
    return Math.max(0, ...fairness.rows.filter((r) => r.isActive).map((r) => Math.abs(r.done + r.planned - r.share)));
  }

  /** Runs one change and checks the invariants. `kind` says what the step may do besides a repair. */
  async function step(
    real: Real,
    label: string,
    kind: 'fact' | 'hand' | 'fill' | 'unpin' | 'tool',
    change: () => Promise<{ status: number; body: unknown }>,
  ) {
    const fail = (why: string) => {
      throw new Error(`after ${label}: ${why}\n${real.log.join('\n')}`);
    };
    const before = holders(await rota(real));
    const recordsBefore = await records(real);
    const mailBefore = await emailsTo(real);
    const res = await change();
    real.log.push(`${label} → ${res.status}`);
    stepsRun.push(`${label} → ${res.status}`);
    if (res.status >= 500) fail(`answered ${res.status}: ${JSON.stringify(res.body)}`);

    const health = (await call(real.admin.token).get('/api/rota/health').expect(200)).body as { violations: unknown[] };
    if (health.violations.length) fail(`violations ${JSON.stringify(health.violations)}`);

    const days = await rota(real);
    const after = holders(days);
    const recordsAfter = await records(real);
    const recorded = (key: string) => (recordsAfter.get(key) ?? 0) > (recordsBefore.get(key) ?? 0);

    // After every step — a change of facts, a hand edit, a decided request, Fill, unpinning, a
    // bulk tool — fair within max(1, optimum): above 1, no reachable rota may do better (shares
    // come rounded to 0.01).
    const gap = await largestGap(real);
    stepsRun[stepsRun.length - 1] += ` (largest gap ${gap.toFixed(2)})`;
    const z = Math.max(1, gap - 0.015);
    if (gap > 1.015 && (await reachable(real, days, z))) fail(`largest gap ${gap.toFixed(2)}, but a rota within ${z.toFixed(2)} is reachable`);

    // Pinned duties stay unless a hard rule took them (a record) or they were unpinned.
    if (kind !== 'unpin') {
      for (const key of before.pinned) {
        const [date, id] = key.split('|') as [string, string];
        if (!after.on.get(date)?.has(id) && !recorded(key) && kind !== 'hand') fail(`pinned ${key} moved`);
      }
    }

    // The frozen days: only what a hard rule forced, and its refill.
    const changed = new Set<string>();
    for (const date of new Set([...before.on.keys(), ...after.on.keys()])) {
      const was = before.on.get(date) ?? new Set<string>();
      const now = after.on.get(date) ?? new Set<string>();
      const off = [...was].filter((id) => !now.has(id));
      const on = [...now].filter((id) => !was.has(id));
      for (const id of [...off, ...on]) changed.add(id);
      if (date > FROZEN_THROUGH || kind === 'hand' || kind === 'fill') continue;
      for (const id of off) if (!recorded(`${date}|${id}`)) fail(`${id} taken off frozen ${date} without a record`);
      if (on.length > off.length) fail(`${on.length - off.length} people put on frozen ${date}`);
    }

    // One email per person whose duties changed, none to anyone else.
    const mailAfter = await emailsTo(real);
    for (const p of real.people) {
      const sent = (mailAfter.get(p.email) ?? 0) - (mailBefore.get(p.email) ?? 0);
      const expected = changed.has(p.id) ? 1 : 0;
      if (kind !== 'tool' && sent !== expected) fail(`${p.email} got ${sent} emails (duties ${changed.has(p.id) ? '' : 'not '}changed)`);
      if (kind === 'tool' && sent > 1) fail(`${p.email} got ${sent} emails from one run`);
    }
  }

  async function filledSlot(real: Real, pick: number) {
    const days = await rota(real);
    const slots = days.flatMap((d) =>
      d.slots.flatMap((s) => (s.staff && d.date <= AUTUMN_END ? [{ date: d.date, position: s.position, staffId: s.staff.id }] : [])),
    );
    return slots.length ? slots[pick % slots.length] : undefined;
  }

  type Cmd = fc.AsyncCommand<Model, Real>;
  const cmd = (name: string, run: (m: Model, r: Real) => Promise<void>, check: (m: Model) => boolean = () => true): Cmd => ({
    check,
    run,
    toString: () => name,
  });

  // Changes start after the frozen days, so the freeze is tested by what the repairs leave alone.
  const later = AUTUMN.filter((d) => d > FROZEN_THROUGH);
  const day = fc.integer({ min: 0, max: later.length - 1 }).map((i) => later[i]!);
  const person = fc.integer({ min: 0, max: STAFF - 1 });
  const any = fc.nat();

  const commands = [
    fc.tuple(day, fc.integer({ min: 0, max: 4 })).map(([start, length]) =>
      cmd(`holiday ${start}+${length}`, async (m, r) => {
        await step(r, `add holiday ${start}+${length}`, 'fact', async () => {
          const res = await call(r.admin.token).post('/api/holidays', {
            name: 'Snow closure',
            type: 'other',
            startDate: start,
            endDate: addDays(start, length),
          });
          if (res.status === 201) m.holidays.push(res.body.id);
          return res;
        });
      }),
    ),
    any.map((i) =>
      cmd(
        `delete holiday ${i}`,
        async (m, r) => {
          const [id] = m.holidays.splice(i % m.holidays.length, 1);
          await step(r, `delete holiday ${id}`, 'fact', () => call(r.admin.token).delete(`/api/holidays/${id}`));
        },
        (m) => m.holidays.length > 0,
      ),
    ),
    fc.tuple(person, fc.boolean()).map(([i, active]) =>
      cmd(`${active ? 'reactivate' : 'deactivate'} ${i}`, async (_m, r) => {
        await step(r, `${active ? 'reactivate' : 'deactivate'} staff ${i}`, 'fact', async () => {
          const res = await call(r.admin.token).put(`/api/staff/${r.people[i]!.id}`, { isActive: active });
          if (res.status === 200) r.people[i]!.active = active;
          return res;
        });
      }),
    ),
    fc.tuple(person, day, fc.integer({ min: 0, max: 10 })).map(([i, start, length]) =>
      cmd(`away ${i} ${start}+${length}`, async (_m, r) => {
        await step(r, `staff ${i} away ${start}+${length}`, 'fact', async () => {
          const res = await call(r.admin.token).post('/api/staff-unavailability', {
            staffId: r.people[i]!.id,
            startDate: start,
            endDate: addDays(start, length),
            reason: 'Away',
            type: 'training',
          });
          if (res.status === 201) r.people[i]!.away.push({ start, end: addDays(start, length) });
          return res;
        });
      }),
    ),
    fc.tuple(person, fc.subarray([1, 2, 3, 4, 5], { minLength: 2 }), fc.option(fc.integer({ min: 1, max: 3 }), { nil: null })).map(([i, days, cap]) =>
      cmd(`pattern ${i} ${days.join('')} cap ${cap}`, async (_m, r) => {
        await step(r, `staff ${i} works ${days.join('')}, cap ${cap}`, 'fact', async () => {
          const res = await call(r.admin.token).put(`/api/staff/${r.people[i]!.id}`, { workingDays: days, weeklyCap: cap });
          if (res.status === 200) Object.assign(r.people[i]!, { workingDays: days, weeklyCap: cap });
          return res;
        });
      }),
    ),
    fc.constantFrom('2025-12-17', '2025-12-19', '2025-12-23').map((end) =>
      cmd(`autumn ends ${end}`, async (_m, r) => {
        const terms = TERMS.map((term) => (term.name === 'autumn' ? { ...term, endDate: end } : term));
        await step(r, `autumn term ends ${end}`, 'fact', () => call(r.admin.token).put('/api/term-dates/2025', { terms }));
        // Days a term gains at its end are planned like the rest of it: someone is on each, when anyone can be.
        const days = await rota(r);
        for (const date of ['2025-12-22', '2025-12-23'].filter((d) => d <= end)) {
          const free = r.people.some((p) => p.active && p.workingDays.includes(isoWeekday(date)) && !p.away.some((a) => a.start <= date && date <= a.end));
          const filled = days.find((d) => d.date === date)?.slots.some((slot) => slot.staff) ?? false;
          if (free && !filled) throw new Error(`after autumn term ends ${end}: nobody on ${date}\n${r.log.join('\n')}`);
        }
      }),
    ),
    fc.integer({ min: 1, max: 3 }).map((n) =>
      cmd(`per day ${n}`, async (_m, r) => {
        await step(r, `duty managers per day ${n}`, 'fact', () => call(r.admin.token).post('/api/system-settings', { dutyManagersPerDay: n }));
      }),
    ),
    fc.tuple(day, person).map(([date, i]) =>
      cmd(`assign ${i} ${date}`, async (_m, r) => {
        await step(r, `assign staff ${i} on ${date}`, 'hand', () => call(r.admin.token).post('/api/rota', { date, dutyManager1Id: r.people[i]!.id }));
      }),
    ),
    fc.tuple(any, person).map(([pick, i]) =>
      cmd(`replace ${pick} by ${i}`, async (_m, r) => {
        const slot = await filledSlot(r, pick);
        if (!slot) return;
        await step(r, `replace ${slot.date}#${slot.position} by staff ${i}`, 'hand', () =>
          call(r.admin.token).post('/api/rota/replace', { date: slot.date, position: slot.position, staffId: r.people[i]!.id, reason: 'Cover' }),
        );
      }),
    ),
    any.map((pick) =>
      cmd(`cancel ${pick}`, async (_m, r) => {
        const slot = await filledSlot(r, pick);
        if (!slot) return;
        await step(r, `cancel ${slot.date} of ${slot.staffId}`, 'hand', () =>
          call(r.admin.token).post('/api/cancel-requests', { staffId: slot.staffId, date: slot.date, reason: 'Appointment' }),
        );
      }),
    ),
    fc.constant(
      cmd('unpin all', async (_m, r) => {
        await step(r, 'unpin all', 'unpin', () => call(r.admin.token).post('/api/rota/unpin', { from: addDays(TODAY, 1), to: YEAR_END }));
      }),
    ),
    fc.constant(
      cmd('spring drafted and published', async (_m, r) => {
        await step(r, 'spring drafted and published', 'tool', async () => {
          const draft = await call(r.admin.token).post('/api/rota/drafts', { startDate: '2026-01-05', endDate: '2026-03-27' });
          if (draft.status !== 201) return draft;
          return call(r.admin.token).post(`/api/rota/drafts/${draft.body.id}/publish`, {});
        });
      }),
    ),
    fc.constant(
      cmd('fill', async (_m, r) => {
        await step(r, 'fill', 'fill', () => call(r.admin.token).post('/api/rota/fill-unassigned', {}));
      }),
    ),
    fc.constant(
      cmd('rebalance', async (_m, r) => {
        await step(r, 'rebalance', 'tool', () => call(r.admin.token).post('/api/rota/rebalance', {}));
      }),
    ),
  ];

  it('keeps the rota fair, pinned duties and frozen days where they are, and tells each person once', async () => {
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 12 }), async (steps) => {
        const admin = await registerOrganization(t);
        const people: Person[] = [];
        for (let i = 0; i < STAFF; i += 1) {
          const email = `p${i}-${admin.subdomain}@example.com`;
          const res = await call(admin.token)
            .post('/api/staff', { name: `Person ${i}`, email, isTeaching: i % 2 === 0 })
            .expect(201);
          people.push({ id: res.body.id, email, active: true, workingDays: [1, 2, 3, 4, 5], weeklyCap: null, away: [] });
        }
        await call(admin.token).put('/api/term-dates/2025', { terms: TERMS }).expect(200);
        // The year planned, as a school does in September.
        await call(admin.token).post('/api/rota/fill-unassigned', {}).expect(200);
        const real: Real = { admin, people, defaultCap: null, log: [] };
        await fc.asyncModelRun(() => ({ model: { holidays: [] }, real }), steps);
      }),
      { seed: 20261129, numRuns: 8 },
    );
    // About 35 steps over 8 schools, most of them answered 2xx.
    expect(stepsRun.length).toBeGreaterThanOrEqual(20);
    expect(stepsRun.filter((s) => / → 2\d\d /.test(s)).length).toBeGreaterThanOrEqual(15);
  }, 300_000);
});
