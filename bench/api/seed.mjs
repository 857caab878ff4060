// Bulk seeding for bench/api: a database holding `otherOrgs` organisations besides the measured
// one, each with its settings, an admin, 10-30 staff (the measured one: `measuredStaff`), two
// people on every weekday of five academic years, holidays and swap/cancel requests. Plain SQL
// with generate_series, one transaction per table, then ANALYZE.
//
// Ids are md5-derived (deterministic), so a slot can name its day and its person without a join.
// Triggers and foreign-key checks are off for the seeding session (session_replication_role =
// replica): the per-row slot limit trigger and the "touch the day" statement triggers would
// otherwise run for millions of rows; every row written here satisfies them by construction
// (positions 1-2, days and people of the same organisation), and the revision they would set is
// written directly. The rota tables' secondary indexes are built after their rows (see `step`).

/** The weekdays of the five academic years the rota covers. */
export const ROTA_YEARS = { start: '2021-09-01', end: '2026-08-31' };

/** Holidays of each academic year, as offsets from 1 September: name, type, first day, days. */
const HOLIDAY_TEMPLATE = [
  ['Autumn half term', 'half_term', 55, 5],
  ['Christmas holidays', 'term_holiday', 112, 14],
  ['Spring half term', 'half_term', 168, 5],
  ['Easter holidays', 'term_holiday', 210, 14],
  ['Early May bank holiday', 'bank_holiday', 245, 1],
  ['Summer half term', 'half_term', 266, 5],
  ['Summer holidays', 'term_holiday', 323, 42],
];

const FIRST = ['Alex', 'Sam', 'Jordan', 'Taylor', 'Morgan', 'Casey', 'Riley', 'Jamie', 'Avery', 'Quinn', 'Robin', 'Charlie', 'Drew', 'Harper', 'Rowan', 'Sky', 'Emery', 'Finley', 'Hayden', 'Kai'];
const LAST = ['Smith', 'Jones', 'Taylor', 'Brown', 'Williams', 'Wilson', 'Johnson', 'Davies', 'Patel', 'Wright', 'Thompson', 'Evans', 'Walker', 'White', 'Roberts', 'Green', 'Hall', 'Wood', 'Jackson', 'Clarke'];
const DEPARTMENTS = ['Maths', 'English', 'Science', 'Humanities', 'Languages', 'Arts', 'PE', 'Support', 'Office'];

/**
 * Seeds through `client` (a connected pg Client of a superuser). The measured organisation
 * (`measured.organizationId`, signed up through the API) gets `measured.staff` staff and the same
 * rota, holidays and requests as the others. Returns per-table timings (ms) and row counts.
 */
export async function seed(client, { measured, otherOrgs = 999, years = ROTA_YEARS, log = () => {} }) {
  const timings = [];
  /**
   * One table's rows in one transaction. With `rebuild`, the table's secondary indexes and unique
   * constraints (not the primary key) are dropped first and built again from their own
   * definitions after the insert: one sort each instead of millions of random B-tree inserts.
   */
  const step = async (name, sql, params = [], rebuild) => {
    const started = performance.now();
    await client.query('begin');
    const indexes = async () =>
      (await client.query(`select indexdef from pg_indexes where schemaname = 'public' and tablename = $1 order by indexname`, [rebuild])).rows.map((r) => r.indexdef);
    let before;
    let constraints = [];
    let plain = [];
    if (rebuild) {
      before = await indexes();
      constraints = (
        await client.query(`select conname, pg_get_constraintdef(oid) as def from pg_constraint where conrelid = $1::regclass and contype = 'u'`, [rebuild])
      ).rows;
      plain = (
        await client.query(
          `select indexname, indexdef from pg_indexes i where schemaname = 'public' and tablename = $1
              and not exists (select 1 from pg_constraint c where c.conrelid = $1::regclass and c.conname = i.indexname)`,
          [rebuild],
        )
      ).rows;
      for (const c of constraints) await client.query(`alter table "${rebuild}" drop constraint "${c.conname}"`);
      for (const i of plain) await client.query(`drop index "${i.indexname}"`);
    }
    const res = await client.query(sql, params);
    if (rebuild) {
      for (const i of plain) await client.query(i.indexdef);
      for (const c of constraints) await client.query(`alter table "${rebuild}" add constraint "${c.conname}" ${c.def}`);
      const after = await indexes();
      if (JSON.stringify(after) !== JSON.stringify(before)) throw new Error(`${rebuild}: indexes differ after the rebuild:\n${before.join('\n')}\n---\n${after.join('\n')}`);
    }
    await client.query('commit');
    const ms = performance.now() - started;
    timings.push({ name, ms, rows: res.rowCount });
    log(`  ${name.padEnd(22)} ${String(res.rowCount).padStart(9)} rows  ${(ms / 1000).toFixed(1).padStart(6)} s`);
  };

  await client.query(`set session_replication_role = replica`);
  await client.query(`set maintenance_work_mem = '256MB'`);
  // The organisations and dates every table below is generated from (this session only).
  await client.query(`
    create temp table seed_orgs as
      select 0 as k, $1::uuid as id, $2::int as n, $3::text as subdomain
      union all
      select k, md5('bench-org:' || k)::uuid, 10 + (k * 7) % 21, 'school-' || lpad(k::text, 4, '0')
        from generate_series(1, $4::int) as k`, [measured.organizationId, measured.staff, measured.subdomain, otherOrgs]);
  await client.query(`
    create temp table seed_dates as
      select (row_number() over (order by g) - 1)::int as i, g::date as d
        from generate_series($1::date, $2::date, interval '1 day') as g
       where extract(isodow from g) < 6`, [years.start, years.end]);
  await client.query('analyze seed_orgs; analyze seed_dates');

  // What the sign-up writes (organizations, users: the admin) for the other organisations; the
  // admin's password is the measured admin's (the same hash), so any of them can sign in.
  await step(
    'organizations',
    `insert into organizations (id, name, subdomain, type, trial_ends_at)
     select id, 'School ' || lpad(k::text, 4, '0'), subdomain,
            (array['school', 'school', 'college', 'university'])[1 + k % 4], now() + interval '30 days'
       from seed_orgs where k > 0`,
  );
  // What the database's insert trigger gives every new organisation (off in this session): its Duty Manager duty.
  await step(
    'duties',
    `insert into duties (id, organization_id, is_duty_manager, name, name_key, weight, pairs_teaching)
     select gen_random_uuid(), id, true, 'Duty Manager', 'duty manager', 60, true from seed_orgs where k > 0`,
  );
  await step(
    'users (admins)',
    `insert into users (id, organization_id, email, password_hash, name, role, email_verified)
     select md5('bench-admin:' || o.k)::uuid, o.id, 'admin@' || o.subdomain || '.example', a.password_hash,
            'Admin ' || lpad(o.k::text, 4, '0'), 'admin', true
       from seed_orgs o, (select password_hash from users where organization_id = $1) a
      where o.k > 0`,
    [measured.organizationId],
  );
  // The row the app creates on first use; here from the start, with the defaults.
  await step(
    'system_settings',
    `insert into system_settings (id, organization_id)
     select gen_random_uuid(), id from seed_orgs on conflict (organization_id) do nothing`,
  );
  await step(
    'staff',
    `insert into staff (id, organization_id, name, email, department, is_teaching)
     select md5(o.id::text || ':staff:' || i)::uuid, o.id,
            ($1::text[])[1 + i % 20] || ' ' || ($2::text[])[1 + (i / 20) % 20] || case when i >= 400 then ' ' || i else '' end,
            'staff' || i || '@' || o.subdomain || '.example',
            ($3::text[])[1 + i % 9], i % 3 <> 0
       from seed_orgs o, generate_series(0, o.n - 1) as i`,
    [FIRST, LAST, DEPARTMENTS],
  );
  // Every tenth person signs in (a user of role staff, linked to their staff record).
  await step(
    'users (staff)',
    `insert into users (id, organization_id, email, password_hash, name, role, email_verified)
     select md5(s.id::text || ':user')::uuid, s.organization_id, s.email, null, s.name, 'staff', true
       from seed_orgs o, generate_series(0, o.n - 1, 10) as i, staff s
      where s.id = md5(o.id::text || ':staff:' || i)::uuid`,
  );
  await step(
    'staff.user_id',
    `update staff s set user_id = u.id from users u
      where u.id = md5(s.id::text || ':user')::uuid and u.organization_id = s.organization_id`,
  );
  await step(
    'rota_days',
    `insert into rota_days (id, organization_id, date, revision)
     select md5(o.id::text || ':day:' || d.i)::uuid, o.id, d.d, nextval('calendar_revision')
       from seed_orgs o, seed_dates d`,
    [],
    'rota_days',
  );
  // Two people a day, round robin through the organisation's staff.
  await step(
    'rota_slots',
    `insert into rota_slots (id, organization_id, rota_day_id, duty_id, date, position, staff_id)
     select gen_random_uuid(), o.id, md5(o.id::text || ':day:' || d.i)::uuid, du.id, d.d, p,
            md5(o.id::text || ':staff:' || ((2 * d.i + p - 1) % o.n))::uuid
       from seed_orgs o join duties du on du.organization_id = o.id and du.is_duty_manager, seed_dates d, generate_series(1, 2) as p`,
    [],
    'rota_slots',
  );
  const first = Number(years.start.slice(0, 4));
  const last = Number(years.end.slice(0, 4));
  const holidays = [];
  for (let y = first; y < last; y += 1) {
    for (const [name, type, offset, days] of HOLIDAY_TEMPLATE) {
      const start = new Date(Date.UTC(y, 8, 1 + offset));
      const end = new Date(start.getTime() + (days - 1) * 86_400_000);
      holidays.push([`${name} ${y}`, type, start.toISOString().slice(0, 10), end.toISOString().slice(0, 10)]);
    }
  }
  await step(
    'holidays',
    `insert into holidays (id, organization_id, name, type, start_date, end_date, revision)
     select gen_random_uuid(), o.id, h.name, h.type, h.start_date, h.end_date, nextval('calendar_revision')
       from seed_orgs o,
            unnest($1::text[], $2::text[], $3::date[], $4::date[]) as h(name, type, start_date, end_date)`,
    [holidays.map((h) => h[0]), holidays.map((h) => h[1]), holidays.map((h) => h[2]), holidays.map((h) => h[3])],
  );
  // 20 swap and 20 cancel requests an organisation, spread over the last year: a third pending; each of
  // the Duty Manager duty, as the insert triggers (off here) would name it.
  await step(
    'swap_requests',
    `insert into swap_requests (id, organization_id, duty_id, swap_duty_id, requester_id, target_id, original_date, swap_date, reason, status, decided_at, created_at, updated_at)
     select gen_random_uuid(), o.id, du.id, du.id, md5(o.id::text || ':staff:' || (j % o.n))::uuid, md5(o.id::text || ':staff:' || ((j + 1) % o.n))::uuid,
            $1::date - 300 + j * 15, $1::date - 293 + j * 15, 'Swap ' || j,
            case when j % 3 = 0 then 'pending' when j % 3 = 1 then 'approved' else 'rejected' end,
            case when j % 3 <> 0 then $1::timestamptz - make_interval(days => 310 - j * 15) end,
            $1::timestamptz - make_interval(days => 320 - j * 15), $1::timestamptz - make_interval(days => 310 - j * 15)
       from seed_orgs o join duties du on du.organization_id = o.id and du.is_duty_manager, generate_series(0, 19) as j`,
    [years.end.slice(0, 4) + '-07-01'],
  );
  await step(
    'cancel_requests',
    `insert into cancel_requests (id, organization_id, duty_id, staff_id, date, reason, status, replacement_id, decided_at, created_at, updated_at)
     select gen_random_uuid(), o.id, du.id, md5(o.id::text || ':staff:' || ((2 * j + 3) % o.n))::uuid,
            $1::date - 300 + j * 15, 'Cancel ' || j,
            case when j % 3 = 0 then 'pending' else 'approved' end,
            case when j % 3 <> 0 then md5(o.id::text || ':staff:' || ((2 * j + 7) % o.n))::uuid end,
            case when j % 3 <> 0 then $1::timestamptz - make_interval(days => 310 - j * 15) end,
            $1::timestamptz - make_interval(days => 320 - j * 15), $1::timestamptz - make_interval(days => 310 - j * 15)
       from seed_orgs o join duties du on du.organization_id = o.id and du.is_duty_manager, generate_series(0, 19) as j`,
    [years.end.slice(0, 4) + '-07-01'],
  );
  await client.query(`set session_replication_role = origin`);
  const analyzeStarted = performance.now();
  await client.query('analyze');
  timings.push({ name: 'analyze', ms: performance.now() - analyzeStarted, rows: 0 });
  log(`  ${'analyze'.padEnd(22)} ${''.padStart(9)}       ${((performance.now() - analyzeStarted) / 1000).toFixed(1).padStart(6)} s`);
  await client.query('drop table seed_orgs; drop table seed_dates');
  return timings;
}
