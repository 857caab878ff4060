import { Client } from 'pg';
import { freePort } from '../src/database/throwaway-postgres';
import { type AppProcess, killApp, listening, startApp } from './support/app-process';
import { createTestDatabase } from './support/test-database';

/**
 * SIGKILL of the built app in the middle of a bulk reshuffle: the reshuffle is one transaction,
 * so after a restart the rota is exactly what it was before, never half planned.
 *
 * To kill it mid-transaction every time (not by luck of timing), the test holds an uncommitted
 * insert of one rota day the reshuffle is about to create: the reshuffle has already deleted
 * every future slot in its transaction and then waits on that row. PostgreSQL shows the waiting
 * transaction, and the test kills the app exactly then.
 */
const TODAY = '2025-09-08'; // a Monday
const FIRST_PLANNED = '2025-09-09'; // reshuffles plan from tomorrow
const FILLED_UNTIL = '2025-12-19'; // the rota before: filled up to the end of the autumn term
const END_DATE = '2027-07-16'; // the reshuffle: two academic years ahead
const BLOCKED_DATE = '2026-03-02'; // a Monday the rota before leaves empty
const HAND_ASSIGNED = '2026-05-05'; // a Tuesday assigned by hand before
const STAFF = 60;
const SLOTS_PER_DAY = 2;

interface Slot {
  date: string;
  position: number;
  staff_id: string;
}

describe('SIGKILL during a bulk reshuffle', () => {
  const JWT_SECRET = 'reshuffle-crash-secret-0123456789abcdef012345';
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let sql: Client;
  let app: AppProcess | undefined;
  let base: string;
  let token: string;
  let org: string;

  async function start(): Promise<void> {
    const port = await freePort();
    app = startApp({
      DATABASE_URL: db.url,
      PORT: String(port),
      HOST: '127.0.0.1',
      JWT_SECRET,
      REMINDER_CRON: 'off',
      APP_NOW: `${TODAY}T09:00`,
    });
    await listening(app);
    base = `http://127.0.0.1:${port}/api`;
  }

  const call = async (method: string, url: string, body?: object) => {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: (await res.json()) as unknown };
  };

  const slots = async (): Promise<Slot[]> =>
    (
      await sql.query<Slot>(
        `select to_char(date, 'YYYY-MM-DD') as date, position, staff_id from rota_slots
          where organization_id = $1 and date >= $2 order by date, position`,
        [org, FIRST_PLANNED],
      )
    ).rows;

  const rota = async () => {
    const res = await call('GET', `/rota?startDate=${FIRST_PLANNED}&endDate=${END_DATE}`);
    expect(res.status).toBe(200);
    return res.body as { date: string; slots: { position: number; staff: { id: string } | null }[] }[];
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    await start();
    sql = new Client({ connectionString: db.url });
    await sql.connect();

    const registered = await call('POST', '/auth/register', {
      name: 'Ann Admin',
      email: 'ann@reshuffle-crash.example',
      password: 'correct horse',
      organizationName: 'Reshuffle Crash School',
      organizationSubdomain: 'reshuffle-crash',
    });
    expect(registered.status).toBe(201);
    token = (registered.body as { token: string }).token;
    org = (await sql.query<{ id: string }>(`select id from organizations where subdomain = 'reshuffle-crash'`)).rows[0]!.id;
    const ids: string[] = [];
    for (let i = 1; i <= STAFF; i += 1) {
      const res = await call('POST', '/staff', { name: `Person ${i}`, email: `person-${i}@reshuffle-crash.example`, isTeaching: i % 3 !== 0 });
      expect(res.status).toBe(201);
      ids.push((res.body as { id: string }).id);
    }
    expect((await call('POST', '/rota/fill-unassigned', { endDate: FILLED_UNTIL, allWeekdays: true })).status).toBe(200);
    expect((await call('POST', '/rota', { date: HAND_ASSIGNED, slots: [ids[0], ids[1]] })).status).toBe(201);
  }, 180_000);

  afterAll(async () => {
    await killApp(app);
    await sql?.end();
    await db?.drop();
  });

  it('leaves the rota exactly as before after a kill mid-transaction, and a full run afterwards plans every day', async () => {
    const beforeSlots = await slots();
    const beforeRota = await rota();
    expect(beforeSlots.length).toBeGreaterThan(100);
    expect(beforeSlots.filter((s) => s.date > FILLED_UNTIL).map((s) => s.date)).toEqual([HAND_ASSIGNED, HAND_ASSIGNED]);
    expect(beforeSlots.some((s) => s.date === BLOCKED_DATE)).toBe(false);

    // Hold an uncommitted rota day that the reshuffle will want to create.
    const locker = new Client({ connectionString: db.url });
    await locker.connect();
    let reshuffle: Promise<unknown> | undefined;
    try {
      await locker.query('BEGIN');
      await locker.query('insert into rota_days (id, organization_id, date) values (gen_random_uuid(), $1, $2)', [org, BLOCKED_DATE]);
      const lockerPid = (await locker.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;

      reshuffle = call('POST', '/rota/reshuffle-future', { endDate: END_DATE, allWeekdays: true }).then(
        (res) => ({ answered: res.status }),
        (err: unknown) => ({ failed: String(err) }),
      );

      // The app's reshuffle transaction: open, its slot deletes done, waiting on our row.
      let inFlight: { pid: number; query: string } | undefined;
      for (let attempt = 0; !inFlight && attempt < 1200; attempt += 1) {
        const found = await sql.query<{ pid: number; query: string }>(
          `select a.pid, a.query from pg_stat_activity a
            where a.datname = $1 and a.pid <> $2 and a.xact_start is not null and a.state = 'active'
              and a.wait_event_type = 'Lock' and a.query ilike '%insert into rota_days%'
              and exists (select 1 from pg_locks l where l.pid = a.pid and l.granted
                          and l.relation = 'rota_slots'::regclass and l.mode = 'RowExclusiveLock')`,
          [db.name, lockerPid],
        );
        inFlight = found.rows[0];
        if (!inFlight) await new Promise((r) => setTimeout(r, 50));
      }
      expect(inFlight).toBeDefined();

      app!.child.kill('SIGKILL');
      await app!.exited;
      await locker.query('ROLLBACK');

      // PostgreSQL notices the lost client and rolls the transaction back.
      let gone = false;
      for (let attempt = 0; !gone && attempt < 600; attempt += 1) {
        gone = (await sql.query('select 1 from pg_stat_activity where pid = $1', [inFlight!.pid])).rowCount === 0;
        if (!gone) await new Promise((r) => setTimeout(r, 50));
      }
      expect(gone).toBe(true);
    } finally {
      await locker.end();
    }
    // The request never got an answer: it was killed before it could commit.
    expect(await reshuffle).toEqual({ failed: expect.any(String) });

    expect(await slots()).toEqual(beforeSlots);
    await start();
    expect(await rota()).toEqual(beforeRota);

    // Run to completion on the restarted app: the rota is then entirely the new plan.
    const done = await call('POST', '/rota/reshuffle-future', { endDate: END_DATE, allWeekdays: true });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ startDate: FIRST_PLANNED, endDate: END_DATE, unfilledSlots: 0 });
    const after = await rota();
    const holidays = (
      await sql.query<{ start: string; end: string }>(
        `select to_char(start_date, 'YYYY-MM-DD') as start, to_char(end_date, 'YYYY-MM-DD') as end from holidays where organization_id = $1`,
        [org],
      )
    ).rows;
    const expectedDays: string[] = [];
    for (let d = new Date(`${FIRST_PLANNED}T00:00:00Z`); d <= new Date(`${END_DATE}T00:00:00Z`); d.setUTCDate(d.getUTCDate() + 1)) {
      const date = d.toISOString().slice(0, 10);
      const weekday = d.getUTCDay() >= 1 && d.getUTCDay() <= 5;
      if (weekday && !holidays.some((h) => h.start <= date && date <= h.end)) expectedDays.push(date);
    }
    expect(after.map((day) => day.date)).toEqual(expectedDays);
    for (const day of after) {
      const people = day.slots.map((s) => s.staff?.id ?? null);
      expect(people.filter(Boolean)).toHaveLength(SLOTS_PER_DAY);
      expect(new Set(people).size).toBe(people.length);
    }
    expect(after).not.toEqual(beforeRota);
  }, 180_000);
});
