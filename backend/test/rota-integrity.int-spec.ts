import fc from 'fast-check';
import { registerOrganization, type Account } from './support/accounts';
import { asUser, sqlOf } from './support/http';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * The rota stays true (docs/product.md#the-rota-stays-true), checked model-based: random sequences of
 * the changes an organisation makes — holidays, term dates, deactivation and reactivation,
 * unavailability, weekly commitments, working patterns and weekly caps (the person's and the
 * default), duty managers per day, assigning, replacing, removing, moving, filling,
 * reshuffling, cancelling — through the HTTP API on the real PostgreSQL. After every step the
 * health check finds no assignment that breaks a hard rule, and every duty that disappeared from
 * today on is explained by a record naming the person and the date (an approved cancellation), by
 * a repair's rebalance that moved it (its `rota.adjusted` entry's `moved`), or by a reshuffle that
 * replanned the period. No step may answer 5xx.
 */

const TODAY = '2025-09-08';
const HORIZON = '2025-12-19';
const STAFF = 6;

interface Day {
  date: string;
  slots: { position: number; staff: { id: string } | null }[];
}

/** The weekdays of the period, in order. */
const WEEKDAYS: string[] = [];
for (let d = new Date(`${TODAY}T00:00:00Z`); d <= new Date(`${HORIZON}T00:00:00Z`); d.setUTCDate(d.getUTCDate() + 1)) {
  if (d.getUTCDay() % 6 !== 0) WEEKDAYS.push(d.toISOString().slice(0, 10));
}
const addDays = (date: string, n: number) => new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

interface Model {
  holidays: string[];
}

interface Real {
  admin: Account;
  staff: string[];
  /** What each step did, for the failure message. */
  log: string[];
}

describe('the rota stays true after any sequence of changes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { APP_NOW: `${TODAY}T09:00` } });
  });
  afterAll(() => t.close());

  const call = (token: string) => asUser(t, token);

  /** Who is on duty on each date from today on. */
  async function assignments(real: Real): Promise<Set<string>> {
    const days = (await call(real.admin.token).get(`/api/rota?startDate=${TODAY}&endDate=${addDays(HORIZON, 60)}`).expect(200)).body as Day[];
    return new Set(days.flatMap((d) => d.slots.flatMap((s) => (s.staff ? [`${d.date}|${s.staff.id}`] : []))));
  }

  /** Approved cancellations per person and date: the records that explain a duty's removal. */
  async function records(real: Real): Promise<Map<string, number>> {
    const list = (await call(real.admin.token).get('/api/cancel-requests').expect(200)).body as { staffId: string; date: string; status: string }[];
    const counts = new Map<string, number>();
    for (const r of list) if (r.status === 'approved') counts.set(`${r.date}|${r.staffId}`, (counts.get(`${r.date}|${r.staffId}`) ?? 0) + 1);
    return counts;
  }

  const sql = (query: string, params: unknown[] = []) => sqlOf(t)(query, params);
  /**
   * The assignments the repairs' rebalances moved to someone else (their `rota.adjusted` entries'
   * `moved`, after the first `skip` entries), as `date|staff`: a move is explained by the log, not
   * by a cancellation.
   */
  async function movedAway(real: Real, skip: number): Promise<Set<string>> {
    const rows = await sql(
      `select a.after from audit_entries a join organizations o on o.id = a.organization_id
        where o.subdomain = ? and a.action = 'rota.adjusted' order by a.created_at, a.id offset ?`,
      [real.admin.subdomain, skip],
    );
    const moved = rows.flatMap((r) => ((typeof r.after === 'string' ? JSON.parse(r.after) : r.after) as { moved?: { date: string; from: string }[] }).moved ?? []);
    return new Set(moved.map((m) => `${m.date}|${m.from}`));
  }
  const adjustedCount = async (real: Real) =>
    (
      await sql(
        `select count(*)::int as n from audit_entries a join organizations o on o.id = a.organization_id where o.subdomain = ? and a.action = 'rota.adjusted'`,
        [real.admin.subdomain],
      )
    )[0]!.n as number;

  /** Runs one change, then checks the invariants; `replans` says the step may move anyone (a reshuffle). */
  async function step(real: Real, label: string, change: () => Promise<{ status: number; body: unknown }>, replans = false) {
    const before = await assignments(real);
    const recordsBefore = await records(real);
    const adjustedBefore = await adjustedCount(real);
    const res = await change();
    real.log.push(`${label} → ${res.status}`);
    if (res.status >= 500) throw new Error(`${label} answered ${res.status}: ${JSON.stringify(res.body)}\n${real.log.join('\n')}`);

    const health = (await call(real.admin.token).get('/api/rota/health').expect(200)).body as { violations: unknown[] };
    if (health.violations.length) {
      throw new Error(`after ${label}: ${JSON.stringify(health.violations)}\n${real.log.join('\n')}`);
    }
    if (replans) return;
    const after = await assignments(real);
    const recordsAfter = await records(real);
    const moved = await movedAway(real, adjustedBefore);
    for (const key of before) {
      if (after.has(key) || moved.has(key)) continue;
      if ((recordsAfter.get(key) ?? 0) <= (recordsBefore.get(key) ?? 0)) {
        throw new Error(`after ${label}: ${key} disappeared without a record\n${real.log.join('\n')}`);
      }
    }
  }

  /** A filled slot chosen by `pick` (any number), or undefined when the rota is empty. */
  async function filledSlot(real: Real, pick: number) {
    const days = (await call(real.admin.token).get(`/api/rota?startDate=${TODAY}&endDate=${HORIZON}`).expect(200)).body as Day[];
    const slots = days.flatMap((d) => d.slots.flatMap((s) => (s.staff ? [{ date: d.date, position: s.position, staffId: s.staff.id }] : [])));
    return slots.length ? slots[pick % slots.length] : undefined;
  }

  type Cmd = fc.AsyncCommand<Model, Real>;
  const cmd = (name: string, run: (m: Model, r: Real) => Promise<void>, check: (m: Model) => boolean = () => true): Cmd => ({
    check,
    run,
    toString: () => name,
  });

  const day = fc.integer({ min: 0, max: WEEKDAYS.length - 1 }).map((i) => WEEKDAYS[i]!);
  const person = fc.integer({ min: 0, max: STAFF - 1 });
  const any = fc.nat();

  const commands = [
    fc.tuple(day, fc.integer({ min: 0, max: 6 })).map(([start, length]) =>
      cmd(`holiday ${start}+${length}`, async (m, r) => {
        await step(r, `add holiday ${start}+${length}`, async () => {
          const res = await call(r.admin.token).post('/api/holidays', { name: 'Snow closure', type: 'other', startDate: start, endDate: addDays(start, length) });
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
          await step(r, `delete holiday ${id}`, () => call(r.admin.token).delete(`/api/holidays/${id}`));
        },
        (m) => m.holidays.length > 0,
      ),
    ),
    fc.constantFrom(
      { autumnEnd: '2025-12-19', halfTerm: ['2025-10-27', '2025-10-31'] },
      { autumnEnd: '2025-12-12', halfTerm: ['2025-10-20', '2025-10-24'] },
      { autumnEnd: '2025-11-28', halfTerm: null },
    ).map((v) =>
      cmd(`term dates to ${v.autumnEnd}`, async (_m, r) => {
        await step(r, `term dates to ${v.autumnEnd}`, () =>
          call(r.admin.token).put('/api/term-dates/2025', {
            terms: [
              { name: 'autumn', startDate: '2025-09-03', endDate: v.autumnEnd, ...(v.halfTerm ? { halfTermStart: v.halfTerm[0], halfTermEnd: v.halfTerm[1] } : {}) },
              { name: 'spring', startDate: '2026-01-05', endDate: '2026-03-27', halfTermStart: '2026-02-16', halfTermEnd: '2026-02-20' },
              { name: 'summer', startDate: '2026-04-13', endDate: '2026-07-21', halfTermStart: '2026-05-25', halfTermEnd: '2026-05-29' },
            ],
          }),
        );
      }),
    ),
    fc.tuple(person, fc.boolean()).map(([i, active]) =>
      cmd(`${active ? 'reactivate' : 'deactivate'} ${i}`, async (_m, r) => {
        await step(r, `${active ? 'reactivate' : 'deactivate'} staff ${i}`, () => call(r.admin.token).put(`/api/staff/${r.staff[i]}`, { isActive: active }));
      }),
    ),
    fc.tuple(person, day, fc.integer({ min: 0, max: 10 })).map(([i, start, length]) =>
      cmd(`unavailable ${i} ${start}+${length}`, async (_m, r) => {
        await step(r, `staff ${i} unavailable ${start}+${length}`, () =>
          call(r.admin.token).post('/api/staff-unavailability', { staffId: r.staff[i], startDate: start, endDate: addDays(start, length), reason: 'Away', type: 'training' }),
        );
      }),
    ),
    fc.tuple(person, fc.subarray([1, 2, 3, 4, 5], { minLength: 1 }), fc.option(fc.integer({ min: 1, max: 3 }), { nil: null })).map(([i, days, cap]) =>
      cmd(`pattern ${i} ${days.join('')} cap ${cap}`, async (_m, r) => {
        await step(r, `staff ${i} works ${days.join('')}, cap ${cap}`, () => call(r.admin.token).put(`/api/staff/${r.staff[i]}`, { workingDays: days, weeklyCap: cap }));
      }),
    ),
    fc.tuple(person, fc.subarray([1, 2, 3, 4, 5], { minLength: 1 }), day).map(([i, days, start]) =>
      cmd(`weekly ${i} ${days.join('')} from ${start}`, async (_m, r) => {
        await step(r, `staff ${i} weekly on ${days.join('')} from ${start}`, () =>
          call(r.admin.token).post('/api/staff-unavailability/recurring', { staffId: r.staff[i], weekdays: days, startDate: start, endDate: addDays(start, 27), reason: 'Club' }),
        );
      }),
    ),
    fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }).map((cap) =>
      cmd(`default cap ${cap}`, async (_m, r) => {
        await step(r, `default weekly cap ${cap}`, () => call(r.admin.token).post('/api/system-settings', { defaultWeeklyCap: cap }));
      }),
    ),
    fc.integer({ min: 1, max: 3 }).map((n) =>
      cmd(`per day ${n}`, async (_m, r) => {
        await step(r, `duty managers per day ${n}`, () => call(r.admin.token).post('/api/system-settings', { dutyManagersPerDay: n }));
      }),
    ),
    fc.tuple(day, person).map(([date, i]) =>
      cmd(`assign ${i} ${date}`, async (_m, r) => {
        await step(r, `assign staff ${i} on ${date}`, () => call(r.admin.token).post('/api/rota', { date, dutyManager1Id: r.staff[i] }));
      }),
    ),
    fc.tuple(any, person).map(([pick, i]) =>
      cmd(`replace ${pick} by ${i}`, async (_m, r) => {
        const slot = await filledSlot(r, pick);
        if (!slot) return;
        await step(r, `replace ${slot.date}#${slot.position} by staff ${i}`, () =>
          call(r.admin.token).post('/api/rota/replace', { date: slot.date, position: slot.position, staffId: r.staff[i], reason: 'Cover' }),
        );
      }),
    ),
    any.map((pick) =>
      cmd(`remove ${pick}`, async (_m, r) => {
        const slot = await filledSlot(r, pick);
        if (!slot) return;
        await step(r, `remove ${slot.date}#${slot.position}`, () =>
          call(r.admin.token).post('/api/rota/remove', { date: slot.date, position: slot.position, reason: 'Off site' }),
        );
      }),
    ),
    fc.tuple(any, day).map(([pick, toDate]) =>
      cmd(`move ${pick} to ${toDate}`, async (_m, r) => {
        const slot = await filledSlot(r, pick);
        if (!slot) return;
        await step(r, `move ${slot.date}#${slot.position} to ${toDate}`, () =>
          call(r.admin.token).post('/api/rota/move', { date: slot.date, position: slot.position, toDate }),
        );
      }),
    ),
    any.map((pick) =>
      cmd(`cancel ${pick}`, async (_m, r) => {
        const slot = await filledSlot(r, pick);
        if (!slot) return;
        await step(r, `cancel ${slot.date} of ${slot.staffId}`, () =>
          call(r.admin.token).post('/api/cancel-requests', { staffId: slot.staffId, date: slot.date, reason: 'Appointment' }),
        );
      }),
    ),
    fc.constant(
      cmd('fill', async (_m, r) => {
        await step(r, 'fill', () => call(r.admin.token).post('/api/rota/fill-unassigned', { endDate: HORIZON, allWeekdays: true }));
      }),
    ),
    fc.constant(
      cmd('reshuffle', async (_m, r) => {
        await step(r, 'reshuffle', () => call(r.admin.token).post('/api/rota/reshuffle-future', { endDate: HORIZON, allWeekdays: true }), true);
      }),
    ),
  ];

  it('keeps every hard rule and explains every removal, whatever the order of changes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 14 }), async (steps) => {
        const admin = await registerOrganization(t);
        const staff: string[] = [];
        for (let i = 0; i < STAFF; i += 1) {
          const res = await call(admin.token)
            .post('/api/staff', { name: `Person ${i}`, email: `p${i}-${admin.subdomain}@example.com`, isTeaching: i % 2 === 0 })
            .expect(201);
          staff.push(res.body.id);
        }
        const real: Real = { admin, staff, log: [] };
        // Start from a filled rota, so every change has duties to act on.
        await call(admin.token).post('/api/rota/fill-unassigned', { endDate: HORIZON, allWeekdays: true }).expect(200);
        await fc.asyncModelRun(() => ({ model: { holidays: [] }, real }), steps);
      }),
      { seed: 20261125, numRuns: 6 },
    );
    // About 15 s on an idle 2-core machine (6 runs of up to 14 steps, 5 HTTP calls a step); the
    // limit leaves room for a machine busy several times over.
  }, 180_000);
});
