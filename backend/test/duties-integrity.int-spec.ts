import fc from 'fast-check';
import { registerOrganization, type Account } from './support/accounts';
import { asUser, sqlOf } from './support/http';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * Every duty stays true (docs/product.md#duties), checked model-based as the Duty Manager's rota is
 * in rota-integrity.int-spec.ts: random sequences of duties added, changed, paused, resumed and
 * deleted, the daily rules changed, weekly commitments at a time of day, leave, deactivation and
 * holidays, and every duty filled or reshuffled, through the HTTP API on the real PostgreSQL. After
 * every step, read from the all-duties grid and checked here, independently of the app's own
 * checker: no duty has more people than it needs that weekday or anyone on a closed day, nobody
 * holds two duties whose times overlap or more counting duties a day than the maximum, a listed
 * duty holds only its people, a paused or deleted duty holds nobody from today on, the Duty
 * Manager's health check is clean; and every assignment gone from today on is explained by an
 * approved cancellation of that person, date and duty, or by a reshuffle. No step answers 5xx.
 */

const TODAY = '2025-09-08';
const HORIZON = '2025-10-03';
const STAFF = 6;

const addDays = (date: string, n: number) => new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const WEEKDAYS: string[] = [];
for (let d = TODAY; d <= HORIZON; d = addDays(d, 1)) if (new Date(`${d}T00:00:00Z`).getUTCDay() % 6 !== 0) WEEKDAYS.push(d);
const toMinutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3));

const WINDOWS: [string, string][] = [
  ['08:20', '08:45'],
  ['10:40', '11:00'],
  ['10:50', '11:10'],
  ['12:30', '13:10'],
  ['12:40', '13:00'],
  ['15:15', '15:30'],
];

interface Grid {
  duties: { id: string; name: string; startTime: string | null; endTime: string | null; isDutyManager: boolean; paused: boolean }[];
  days: { date: string; duties: { dutyId: string; needed: number; slots: { staff: { id: string } | null }[] }[] }[];
}

interface Model {
  duties: string[];
}

interface Real {
  admin: Account;
  staff: string[];
  log: string[];
}

describe('every duty stays true after any sequence of changes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { APP_NOW: `${TODAY}T09:00` } });
  });
  afterAll(() => t.close());

  const call = (token: string) => asUser(t, token);
  const sql: ReturnType<typeof sqlOf> = (query, params) => sqlOf(t)(query, params);

  /** Who holds which duty on each date from today on (`date|duty|staff`), and what the grid says of each cell. */
  async function assignments(real: Real): Promise<{ keys: Set<string>; grid: Grid }> {
    const grid = (await call(real.admin.token).get(`/api/rota/grid?startDate=${TODAY}&endDate=${HORIZON}`).expect(200)).body as Grid;
    const keys = new Set(
      grid.days.flatMap((d) => d.duties.flatMap((c) => c.slots.flatMap((s) => (s.staff ? [`${d.date}|${c.dutyId}|${s.staff.id}`] : [])))),
    );
    return { keys, grid };
  }

  /** Approved cancellations per date, duty and person. */
  async function records(real: Real): Promise<Map<string, number>> {
    const rows = await sql(
      `select r.date::text as date, r.duty_id, r.staff_id, count(*)::int as n from cancel_requests r
        join organizations o on o.id = r.organization_id where o.subdomain = ? and r.status = 'approved'
        group by r.date, r.duty_id, r.staff_id`,
      [real.admin.subdomain],
    );
    return new Map(rows.map((r) => [`${r.date}|${r.duty_id}|${r.staff_id}`, r.n as number]));
  }

  /**
   * The assignments the repairs' rebalances moved to someone else (their `rota.adjusted` entries'
   * `moved`, after the first `skip` entries), as `date|duty|staff` (duty empty for the Duty Manager
   * duty): a move is explained by the log, not by a cancellation.
   */
  async function movedAway(real: Real, skip: number): Promise<Set<string>> {
    const rows = await sql(
      `select a.after from audit_entries a join organizations o on o.id = a.organization_id
        where o.subdomain = ? and a.action = 'rota.adjusted' order by a.created_at, a.id offset ?`,
      [real.admin.subdomain, skip],
    );
    const moved = rows.flatMap((r) => ((typeof r.after === 'string' ? JSON.parse(r.after) : r.after) as { moved?: { date: string; from: string; dutyId?: string }[] }).moved ?? []);
    return new Set(moved.map((m) => `${m.date}|${m.dutyId ?? ''}|${m.from}`));
  }
  const adjustedCount = async (real: Real) =>
    (
      await sql(
        `select count(*)::int as n from audit_entries a join organizations o on o.id = a.organization_id where o.subdomain = ? and a.action = 'rota.adjusted'`,
        [real.admin.subdomain],
      )
    )[0]!.n as number;

  /** The hard rules of several duties, checked on the grid with the facts read from the API. */
  async function broken(real: Real, grid: Grid): Promise<string[]> {
    const api = call(real.admin.token);
    const rules = (await api.get('/api/duty-rules').expect(200)).body as { maxDutiesPerDay: number; allDayDutiesCount: boolean };
    const duties = (await api.get('/api/duties').expect(200)).body as { id: string; eligible: string; staffIds: string[]; paused: boolean }[];
    const closures = (await api.get(`/api/rota/closures?startDate=${TODAY}&endDate=${HORIZON}`).expect(200)).body as {
      startDate: string;
      endDate: string;
    }[];
    const byId = new Map(grid.duties.map((d) => [d.id, d]));
    const listed = new Map(duties.filter((d) => d.eligible === 'listed').map((d) => [d.id, new Set(d.staffIds)]));
    const running = new Set(duties.filter((d) => !d.paused).map((d) => d.id));
    const problems: string[] = [];
    for (const day of grid.days) {
      const closed = closures.some((c) => c.startDate <= day.date && day.date <= c.endDate);
      const held = new Map<string, Grid['duties']>();
      for (const cell of day.duties) {
        const people = cell.slots.flatMap((s) => (s.staff ? [s.staff.id] : []));
        if (!people.length) continue;
        if (closed) problems.push(`${day.date} ${cell.dutyId}: people on a closed day`);
        if (!running.has(cell.dutyId)) problems.push(`${day.date} ${cell.dutyId}: people on a paused or deleted duty`);
        if (people.length > cell.needed) problems.push(`${day.date} ${cell.dutyId}: ${people.length} people for ${cell.needed}`);
        for (const id of people) {
          if (listed.has(cell.dutyId) && !listed.get(cell.dutyId)!.has(id)) problems.push(`${day.date} ${cell.dutyId}: ${id} not allowed`);
          (held.get(id) ?? held.set(id, []).get(id)!).push(byId.get(cell.dutyId)!);
        }
      }
      for (const [id, mine] of held) {
        const counting = mine.filter((d) => d.startTime || rules.allDayDutiesCount);
        if (counting.length > rules.maxDutiesPerDay) problems.push(`${day.date}: ${id} on ${counting.length} duties`);
        for (const a of mine) {
          for (const b of mine) {
            if (a.id >= b.id || !a.startTime || !b.startTime) continue;
            if (toMinutes(a.startTime) < toMinutes(b.endTime!) && toMinutes(b.startTime) < toMinutes(a.endTime!))
              problems.push(`${day.date}: ${id} on overlapping ${a.name} and ${b.name}`);
          }
        }
      }
    }
    const health = (await api.get('/api/rota/health').expect(200)).body as { violations: unknown[] };
    if (health.violations.length) problems.push(`Duty Manager health: ${JSON.stringify(health.violations)}`);
    return problems;
  }

  /** Runs one change, then checks the invariants; `replans` says the step may move anyone (a reshuffle). */
  async function step(real: Real, label: string, change: () => Promise<{ status: number; body: unknown }>, replans = false) {
    const before = await assignments(real);
    const recordsBefore = await records(real);
    const adjustedBefore = await adjustedCount(real);
    const res = await change();
    real.log.push(`${label} → ${res.status}`);
    if (res.status >= 500) throw new Error(`${label} answered ${res.status}: ${JSON.stringify(res.body)}\n${real.log.join('\n')}`);
    const after = await assignments(real);
    const problems = await broken(real, after.grid);
    if (problems.length) throw new Error(`after ${label}: ${problems.join('; ')}\n${real.log.join('\n')}`);
    if (replans) return;
    const recordsAfter = await records(real);
    const moved = await movedAway(real, adjustedBefore);
    for (const key of before.keys) {
      if (after.keys.has(key)) continue;
      const [date, , staff] = key.split('|');
      if (moved.has(key) || moved.has(`${date}||${staff}`)) continue;
      if ((recordsAfter.get(key) ?? 0) <= (recordsBefore.get(key) ?? 0)) {
        throw new Error(`after ${label}: ${key} disappeared without a record\n${real.log.join('\n')}`);
      }
    }
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
  const window = fc.option(fc.constantFrom(...WINDOWS), { nil: null });
  const weekdays = fc.subarray([1, 2, 3, 4, 5], { minLength: 1 });
  const eligibility = fc.oneof(
    fc.constant({ eligible: 'everyone' }),
    fc.constant({ eligible: 'teaching' }),
    fc.subarray([0, 1, 2, 3, 4, 5], { minLength: 2, maxLength: 3 }).map((ids) => ({ eligible: 'listed', staffIds: ids })),
  );
  const dutyBody = (r: Real, w: [string, string] | null, days: number[], people: number, who: { eligible: string; staffIds?: number[] }) => ({
    ...(w ? { startTime: w[0], endTime: w[1] } : { startTime: null, endTime: null }),
    weekdays: days.map((weekday) => ({ weekday, people })),
    eligible: who.eligible,
    ...(who.staffIds ? { staffIds: who.staffIds.map((i) => r.staff[i]) } : {}),
  });
  const allDuties = async (r: Real) =>
    ((await call(r.admin.token).get('/api/duties').expect(200)).body as { id: string; paused: boolean }[]).filter((d) => !d.paused).map((d) => d.id);

  const commands = [
    fc.tuple(window, weekdays, fc.integer({ min: 1, max: 2 }), eligibility).map(([w, days, people, who]) =>
      cmd(`add duty ${w?.join('–') ?? 'all day'} ${days.join('')}×${people} ${who.eligible}`, async (m, r) => {
        await step(r, `add duty ${w?.join('–') ?? 'all day'} ${days.join('')}×${people} ${who.eligible}`, async () => {
          const res = await call(r.admin.token).post('/api/duties', { name: `Duty ${m.duties.length + 1}`, ...dutyBody(r, w, days, people, who) });
          if (res.status === 201) m.duties.push(res.body.duty.id);
          return res;
        });
      }),
    ),
    fc.tuple(any, window, weekdays, fc.integer({ min: 1, max: 2 }), eligibility).map(([pick, w, days, people, who]) =>
      cmd(
        `change duty ${pick}`,
        async (m, r) => {
          const id = m.duties[pick % m.duties.length]!;
          await step(r, `change duty ${id} to ${w?.join('–') ?? 'all day'} ${days.join('')}×${people} ${who.eligible}`, () =>
            call(r.admin.token).put(`/api/duties/${id}`, dutyBody(r, w, days, people, who)),
          );
        },
        (m) => m.duties.length > 0,
      ),
    ),
    fc.tuple(any, fc.constantFrom('pause', 'resume', 'delete')).map(([pick, what]) =>
      cmd(
        `${what} duty ${pick}`,
        async (m, r) => {
          const id = m.duties[pick % m.duties.length]!;
          await step(r, `${what} duty ${id}`, async () => {
            if (what !== 'delete') return call(r.admin.token).post(`/api/duties/${id}/${what}`);
            const res = await call(r.admin.token).delete(`/api/duties/${id}`);
            if (res.status === 200) m.duties.splice(m.duties.indexOf(id), 1);
            return res;
          });
        },
        (m) => m.duties.length > 0,
      ),
    ),
    fc.tuple(fc.integer({ min: 1, max: 2 }), fc.boolean()).map(([max, allDay]) =>
      cmd(`at most ${max} a day${allDay ? '' : ', all-day not counted'}`, async (_m, r) => {
        await step(r, `at most ${max} a day, all-day ${allDay ? 'counted' : 'not counted'}`, () =>
          call(r.admin.token).put('/api/duty-rules', { maxDutiesPerDay: max, allDayDutiesCount: allDay }),
        );
      }),
    ),
    fc.tuple(person, weekdays, fc.constantFrom(...WINDOWS)).map(([i, days, w]) =>
      cmd(`club ${i} ${days.join('')} ${w.join('–')}`, async (_m, r) => {
        await step(r, `staff ${i} weekly ${days.join('')} ${w.join('–')}`, () =>
          call(r.admin.token).post('/api/staff-unavailability/recurring', {
            staffId: r.staff[i],
            weekdays: days,
            startDate: TODAY,
            endDate: HORIZON,
            startTime: w[0],
            endTime: w[1],
            reason: 'Club',
          }),
        );
      }),
    ),
    fc.tuple(person, day, fc.integer({ min: 0, max: 4 })).map(([i, start, length]) =>
      cmd(`unavailable ${i} ${start}+${length}`, async (_m, r) => {
        await step(r, `staff ${i} unavailable ${start}+${length}`, () =>
          call(r.admin.token).post('/api/staff-unavailability', {
            staffId: r.staff[i],
            startDate: start,
            endDate: addDays(start, length),
            reason: 'Away',
            type: 'training',
          }),
        );
      }),
    ),
    fc.tuple(person, fc.boolean()).map(([i, active]) =>
      cmd(`${active ? 'reactivate' : 'deactivate'} ${i}`, async (_m, r) => {
        await step(r, `${active ? 'reactivate' : 'deactivate'} staff ${i}`, () =>
          call(r.admin.token).put(`/api/staff/${r.staff[i]}`, { isActive: active }),
        );
      }),
    ),
    fc.tuple(day, fc.integer({ min: 0, max: 2 })).map(([start, length]) =>
      cmd(`holiday ${start}+${length}`, async (_m, r) => {
        await step(r, `holiday ${start}+${length}`, () =>
          call(r.admin.token).post('/api/holidays', { name: 'Closure', type: 'other', startDate: start, endDate: addDays(start, length) }),
        );
      }),
    ),
    fc.constant(
      cmd('fill every duty', async (_m, r) => {
        const dutyIds = await allDuties(r);
        await step(r, 'fill every duty', () =>
          call(r.admin.token).post('/api/rota/fill-unassigned', { endDate: HORIZON, allWeekdays: true, dutyIds }),
        );
      }),
    ),
    fc.constant(
      cmd('reshuffle every duty', async (_m, r) => {
        const dutyIds = await allDuties(r);
        await step(
          r,
          'reshuffle every duty',
          () => call(r.admin.token).post('/api/rota/reshuffle-future', { endDate: HORIZON, allWeekdays: true, dutyIds }),
          true,
        );
      }),
    ),
  ];

  it('keeps every duty within its rules and explains every removal, whatever the order of changes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 12 }), async (steps) => {
        const admin = await registerOrganization(t);
        const staff: string[] = [];
        for (let i = 0; i < STAFF; i += 1) {
          const res = await call(admin.token)
            .post('/api/staff', { name: `Person ${i}`, email: `p${i}-${admin.subdomain}@example.com`, isTeaching: i % 2 === 0 })
            .expect(201);
          staff.push(res.body.id);
        }
        const real: Real = { admin, staff, log: [] };
        // Two duties to start from, filled with the Duty Manager's, so every change has duties to act on.
        const model: Model = { duties: [] };
        for (const [name, w] of [
          ['Break', WINDOWS[1]!],
          ['Lunch', WINDOWS[3]!],
        ] as const) {
          const res = await call(admin.token)
            .post('/api/duties', { name, ...dutyBody(real, w, [1, 2, 3, 4, 5], 1, { eligible: 'everyone' }) })
            .expect(201);
          model.duties.push(res.body.duty.id);
        }
        await call(admin.token)
          .post('/api/rota/fill-unassigned', { endDate: HORIZON, allWeekdays: true, dutyIds: await allDuties(real) })
          .expect(200);
        await fc.asyncModelRun(() => ({ model, real }), steps);
      }),
      { seed: 20261129, numRuns: 5 },
    );
  }, 240_000);
});
