import { MikroORM } from '@mikro-orm/core';
import { registerOrganization, type Account } from './support/accounts';
import { asUser } from './support/http';
import { memberWithRole } from './support/members';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * The rota stays true to the school (docs/product.md#the-rota-stays-true), term dates in planning
 * (docs/product.md#term-dates), the health check and editing the rota directly
 * (docs/product.md#editing-the-rota-directly), on the real app and PostgreSQL.
 */

interface Day {
  date: string;
  slots: { position: number; staff: { id: string; name: string } | null }[];
}

const AUTUMN = { name: 'autumn', startDate: '2025-09-03', endDate: '2025-12-19', halfTermStart: '2025-10-27', halfTermEnd: '2025-10-31' };
const SPRING = { name: 'spring', startDate: '2026-01-05', endDate: '2026-03-27', halfTermStart: '2026-02-16', halfTermEnd: '2026-02-20' };
const SUMMER = { name: 'summer', startDate: '2026-04-13', endDate: '2026-07-21', halfTermStart: '2026-05-25', halfTermEnd: '2026-05-29' };

describe('the rota stays true', () => {
  let t: TestApp;
  let sql: (query: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

  beforeAll(async () => {
    // Monday 8 September 2025, 9 am in London.
    t = await createTestApp({ env: { APP_NOW: '2025-09-08T09:00' } });
    sql = (query, params = []) => t.get(MikroORM).em.getConnection().execute(query, params);
  });
  afterAll(() => t.close());

  const as = (token: string) => asUser(t, token);

  /** A school with two teachers and two support staff, named A–D. */
  async function school() {
    const admin = await registerOrganization(t);
    const people: Record<string, string> = {};
    for (const [name, isTeaching] of [
      ['Ann Teacher', true],
      ['Ben Teacher', true],
      ['Cat Support', false],
      ['Dan Support', false],
    ] as const) {
      const res = await as(admin.token)
        .post('/api/staff', { name, email: `${name.split(' ')[0]!.toLowerCase()}-${admin.subdomain}@example.com`, isTeaching })
        .expect(201);
      people[name] = res.body.id;
    }
    return { admin, people };
  }

  const rota = async (admin: Account, start: string, end: string): Promise<Day[]> =>
    (await as(admin.token).get(`/api/rota?startDate=${start}&endDate=${end}`).expect(200)).body;
  const onDay = async (admin: Account, date: string) => ((await rota(admin, date, date))[0]?.slots ?? []).map((s) => s.staff?.id ?? null);
  const emails = (admin: Account) =>
    sql(
      `select o.kind, o."to", o.subject, o.text from outbox_emails o join organizations g on g.id = o.organization_id
        where g.subdomain = ? and o.kind in ('duties-removed', 'duty-added') order by o.created_at, o."to"`,
      [admin.subdomain],
    );
  const records = async (admin: Account) =>
    ((await as(admin.token).get('/api/cancel-requests').expect(200)).body as { staffId: string; date: string; status: string; source: string; reason: string }[])
      .map((r) => [r.date, r.staffId, r.status, r.source, r.reason])
      .sort();

  describe('a change of facts', () => {
    it('a snow day over filled days empties them, tells both people once, records why, and deleting it puts nobody back', async () => {
      const { admin, people } = await school();
      const ann = people['Ann Teacher']!;
      const cat = people['Cat Support']!;
      for (const date of ['2025-12-08', '2025-12-09']) await as(admin.token).post('/api/rota', { date, dutyManager1Id: ann, dutyManager2Id: cat }).expect(201);
      await as(admin.token).post('/api/rota', { date: '2025-12-10', dutyManager1Id: ann }).expect(201);

      const snow = await as(admin.token)
        .post('/api/holidays', { name: 'Snow closure', type: 'other', startDate: '2025-12-08', endDate: '2025-12-09' })
        .expect(201);
      expect(snow.body.rotaChange).toEqual({
        removedDuties: 4,
        refilledDuties: 0,
        filledDuties: 0,
        movedDuties: 0,
        dates: ['2025-12-08', '2025-12-09'],
        message: "Adding holiday 'Snow closure' removed 4 duties on 8–9 Dec; 0 refilled (holiday).",
      });
      expect(await onDay(admin, '2025-12-08')).toEqual([]);
      expect(await onDay(admin, '2025-12-10')).toEqual([ann, null]);
      expect(await records(admin)).toEqual(
        [
          ['2025-12-08', ann],
          ['2025-12-08', cat],
          ['2025-12-09', ann],
          ['2025-12-09', cat],
        ]
          .map(([date, id]) => [date, id, 'approved', 'rota_change', 'Holiday: Snow closure, Other'])
          .sort(),
      );
      const mail = await emails(admin);
      expect(mail.map((m) => [m.kind, m.subject])).toEqual([
        ['duties-removed', '2 duties removed'],
        ['duties-removed', '2 duties removed'],
      ]);
      expect(mail[0]!.text).toContain('Monday 8 December 2025: Holiday: Snow closure, Other');

      const [entry] = await sql(`select summary from audit_entries where action = 'rota.adjusted' and entity_id = '2025-12-08..2025-12-09'`);
      expect(entry?.summary).toBe("Adding holiday 'Snow closure' removed 4 duties on 8–9 Dec; 0 refilled (holiday).");

      await as(admin.token).delete(`/api/holidays/${snow.body.id}`).expect(204);
      expect(await onDay(admin, '2025-12-08')).toEqual([]);
      const health = (await as(admin.token).get('/api/rota/health').expect(200)).body;
      expect(health.violations).toEqual([]);
      expect(health.unfilledDays).toEqual(expect.arrayContaining([{ date: '2025-12-08', filled: 0, slots: 2 }, { date: '2025-12-10', filled: 1, slots: 2 }]));
    });

    it("a leaver's future duties are refilled by others, one email each, and reactivating revives none", async () => {
      const { admin, people } = await school();
      const ann = people['Ann Teacher']!;
      await as(admin.token).post('/api/rota', { date: '2025-09-05', dutyManager1Id: ann }).expect(201);
      for (const date of ['2025-09-08', '2025-09-09', '2025-09-10']) await as(admin.token).post('/api/rota', { date, dutyManager1Id: ann }).expect(201);

      const left = await as(admin.token).put(`/api/staff/${ann}`, { isActive: false }).expect(200);
      expect(left.body).toMatchObject({
        isActive: false,
        rotaChange: { removedDuties: 3, refilledDuties: 3, dates: ['2025-09-08', '2025-09-09', '2025-09-10'] },
      });
      expect(left.body.rotaChange.message).toBe('Deactivating Ann Teacher removed 3 duties on 8–10 Sep; 3 refilled.');
      // The past stays as it happened; from today on, others took the duties — the least loaded first.
      expect(await onDay(admin, '2025-09-05')).toEqual([ann, null]);
      const replacements = [];
      for (const date of ['2025-09-08', '2025-09-09', '2025-09-10']) {
        const [first] = await onDay(admin, date);
        expect(first).not.toBeNull();
        expect(first).not.toBe(ann);
        replacements.push(first);
      }
      expect(new Set(replacements).size).toBe(3);
      const mail = await emails(admin);
      expect(mail.filter((m) => m.kind === 'duties-removed')).toHaveLength(1);
      expect(mail.filter((m) => m.kind === 'duty-added')).toHaveLength(3);

      await as(admin.token).put(`/api/staff/${ann}`, { isActive: true }).expect(200);
      for (const date of ['2025-09-08', '2025-09-09', '2025-09-10']) expect(await onDay(admin, date)).not.toContain(ann);
    });

    it('with auto-fill off, a leaver leaves the slots empty and the message says why', async () => {
      const { admin, people } = await school();
      await as(admin.token).post('/api/auto-approval-settings', { adminPassword: admin.password, autoFillCancellations: false }).expect(200);
      await as(admin.token).post('/api/rota', { date: '2025-09-15', dutyManager1Id: people['Ben Teacher'] }).expect(201);
      const left = await as(admin.token).put(`/api/staff/${people['Ben Teacher']}`, { isActive: false }).expect(200);
      expect(left.body.rotaChange.message).toBe('Deactivating Ben Teacher removed 1 duty on 15 Sep; 0 refilled (auto-fill is off).');
      expect(await onDay(admin, '2025-09-15')).toEqual([]);
    });
  });

  describe('working patterns and weekly caps (docs/product.md#working-patterns)', () => {
    const myDays = async (admin: Account, id: string, start: string, end: string) =>
      (await rota(admin, start, end)).filter((d) => d.slots.some((slot) => slot.staff?.id === id)).map((d) => d.date);

    it('fewer working days take the person off the days they no longer work, refilled; more days put nothing back', async () => {
      const { admin, people } = await school();
      const ann = people['Ann Teacher']!;
      for (const date of ['2025-12-08', '2025-12-10', '2025-12-12', '2025-12-19']) await as(admin.token).post('/api/rota', { date, dutyManager1Id: ann }).expect(201);

      const changed = await as(admin.token).put(`/api/staff/${ann}`, { workingDays: [1, 2, 3] }).expect(200);
      expect(changed.body).toMatchObject({ workingDays: [1, 2, 3], rotaChange: { removedDuties: 2, refilledDuties: 2, dates: ['2025-12-12', '2025-12-19'] } });
      expect(changed.body.rotaChange.message).toBe("Changing Ann Teacher's working days removed 2 duties on 12–19 Dec; 2 refilled.");
      expect(await myDays(admin, ann, '2025-12-01', '2025-12-31')).toEqual(['2025-12-08', '2025-12-10']);
      for (const date of ['2025-12-12', '2025-12-19']) expect((await onDay(admin, date))[0]).toEqual(expect.any(String));
      expect((await records(admin)).map(([date, id, status]) => [date, id, status])).toEqual([
        ['2025-12-12', ann, 'approved'],
        ['2025-12-19', ann, 'approved'],
      ]);

      const back = await as(admin.token).put(`/api/staff/${ann}`, { workingDays: [1, 2, 3, 4, 5] }).expect(200);
      // The repair runs for the days added; this school has no term dates, so it has no planned horizon to fill.
      expect(back.body.rotaChange).toEqual({ removedDuties: 0, refilledDuties: 0, filledDuties: 0, movedDuties: 0, dates: [], message: 'No planned duties were affected.' });
      expect(await myDays(admin, ann, '2025-12-01', '2025-12-31')).toEqual(['2025-12-08', '2025-12-10']);
      expect((await as(admin.token).get('/api/rota/health').expect(200)).body.violations).toEqual([]);
    });

    it("a lower weekly cap, the person's own or the organisation's default, takes off each week's later duties", async () => {
      const { admin, people } = await school();
      const ann = people['Ann Teacher']!;
      const ben = people['Ben Teacher']!;
      for (const date of ['2025-12-08', '2025-12-09', '2025-12-10', '2025-12-15']) await as(admin.token).post('/api/rota', { date, slots: [ann, ben] }).expect(201);

      const capped = await as(admin.token).put(`/api/staff/${ann}`, { weeklyCap: 2 }).expect(200);
      expect(capped.body.rotaChange).toMatchObject({ removedDuties: 1, dates: ['2025-12-10'] });
      expect(capped.body.rotaChange.message).toMatch(/^Changing Ann Teacher's weekly cap removed 1 duty on 10 Dec; /);
      expect(await myDays(admin, ann, '2025-12-01', '2025-12-31')).toEqual(['2025-12-08', '2025-12-09', '2025-12-15']);

      // Ben has no cap of his own: the organisation's default applies to him; Ann keeps her own.
      const byDefault = await as(admin.token).post('/api/system-settings', { defaultWeeklyCap: 1 }).expect(200);
      expect(byDefault.body.rotaChange).toMatchObject({ removedDuties: 2, dates: ['2025-12-09', '2025-12-10'] });
      expect(byDefault.body.rotaChange.message).toMatch(/^Setting the default weekly cap to 1 removed 2 duties on 9–10 Dec; /);
      expect(await myDays(admin, ben, '2025-12-01', '2025-12-31')).toEqual(['2025-12-08', '2025-12-15']);
      expect(await myDays(admin, ann, '2025-12-01', '2025-12-31')).toEqual(['2025-12-08', '2025-12-09', '2025-12-15']);
      expect((await as(admin.token).get('/api/rota/health').expect(200)).body.violations).toEqual([]);
    });
  });

  describe('term dates', () => {
    it('Fill says so before a year has term dates, and offers every weekday', async () => {
      const { admin } = await school();
      const refused = await as(admin.token).post('/api/rota/fill-unassigned').expect(409);
      expect(refused.body).toMatchObject({
        code: 'term_dates_missing',
        message: 'No term dates are set for 2025-2026: set them first so that the holidays between terms stay free, or plan every weekday instead',
      });
      await as(admin.token).post('/api/rota/reshuffle-future', { endDate: '2025-09-30' }).expect(409);
      expect(await rota(admin, '2025-09-01', '2026-08-31')).toEqual([]);
      const health = (await as(admin.token).get('/api/rota/health').expect(200)).body;
      expect(health).toMatchObject({ from: '2025-09-08', to: '2026-08-31', violations: [], yearsWithoutTermDates: ['2025-2026'] });
      await as(admin.token).post('/api/rota/fill-unassigned', { endDate: '2025-09-30', allWeekdays: true }).expect(200);
      expect((await rota(admin, '2025-09-01', '2026-08-31')).length).toBe(16);
    });

    it('with term dates, Fill plans only term time, to the end of the summer term; Christmas and half terms stay empty', async () => {
      const { admin } = await school();
      await as(admin.token).put('/api/term-dates/2025', { terms: [AUTUMN, SPRING, SUMMER] }).expect(200);
      const fill = await as(admin.token).post('/api/rota/fill-unassigned').expect(200);
      expect(fill.body).toMatchObject({ startDate: '2025-09-09', endDate: '2026-07-21' });
      const days = (await rota(admin, '2025-09-01', '2026-08-31')).map((d) => d.date);
      const out = days.filter(
        (d) =>
          (d >= '2025-10-27' && d <= '2025-10-31') ||
          (d > '2025-12-19' && d < '2026-01-05') ||
          (d >= '2026-02-16' && d <= '2026-02-20') ||
          (d > '2026-03-27' && d < '2026-04-13') ||
          (d >= '2026-05-25' && d <= '2026-05-29') ||
          d > '2026-07-21',
      );
      expect(out).toEqual([]);
      expect(days).toContain('2025-12-19');
      expect(days).toContain('2026-07-21');
      const health = (await as(admin.token).get('/api/rota/health').expect(200)).body;
      expect(health).toMatchObject({ to: '2026-07-21', violations: [], yearsWithoutTermDates: [] });
      // Today (8 Sept) is a school day nobody was planned on (Fill starts tomorrow).
      expect(health.unfilledDays).toEqual([{ date: '2025-09-08', filled: 0, slots: 2 }]);

      // An earlier end of the autumn term takes everyone off the days now out of term.
      const moved = await as(admin.token).put('/api/term-dates/2025', { terms: [{ ...AUTUMN, endDate: '2025-12-17' }, SPRING, SUMMER] }).expect(200);
      expect(moved.body.rotaChange).toMatchObject({ removedDuties: 4, refilledDuties: 0, dates: ['2025-12-18', '2025-12-19'] });
      expect(moved.body.rotaChange.message).toBe('Saving the term dates of 2025-2026 removed 4 duties on 18–19 Dec; 0 refilled (outside term time).');
      const [record] = (await records(admin)).filter((r) => r[0] === '2025-12-18');
      expect(record!.slice(2)).toEqual(['approved', 'rota_change', 'Outside term time: Christmas holiday']);
    });

    it('adding bank holidays empties them', async () => {
      const { admin, people } = await school();
      await as(admin.token).post('/api/rota', { date: '2025-12-25', dutyManager1Id: people['Dan Support'] }).expect(201);
      const added = await as(admin.token).post('/api/holidays/bank-holidays', { academicYearStart: 2025 }).expect(201);
      expect(added.body.rotaChange).toMatchObject({ removedDuties: 1, dates: ['2025-12-25'] });
      expect(await onDay(admin, '2025-12-25')).toEqual([]);
    });
  });

  describe('editing the rota directly', () => {
    it('replaces, removes and moves, keeping the rules, recording and telling the people affected', async () => {
      const { admin, people } = await school();
      const manager = await memberWithRole(t, admin, 'manager', 'Mo Manager');
      const staff = await memberWithRole(t, admin, 'staff', 'Sid Staff');
      const [ann, ben, cat, dan] = ['Ann Teacher', 'Ben Teacher', 'Cat Support', 'Dan Support'].map((n) => people[n]!);
      await as(admin.token).post('/api/rota', { date: '2025-09-15', dutyManager1Id: ann, dutyManager2Id: cat }).expect(201);
      await as(admin.token).post('/api/rota', { date: '2025-09-16', dutyManager1Id: ann }).expect(201);

      // Candidates: who may be put on the day, fewest duties first, each with the count.
      const candidates = (await as(manager.token).get('/api/rota/candidates?date=2025-09-15').expect(200)).body;
      expect(candidates.closed).toBeNull();
      expect(candidates.candidates.map((c: { id: string }) => c.id)).not.toContain(ann);
      expect(candidates.candidates[0]).toMatchObject({ dutiesThisYear: 0 });

      const replaced = await as(manager.token).post('/api/rota/replace', { date: '2025-09-15', position: 1, staffId: ben, reason: 'Ann is on a trip' }).expect(200);
      expect(replaced.body.message).toBe("Ben Teacher takes Ann Teacher's duty on Monday 15 September 2025.");
      expect(await onDay(admin, '2025-09-15')).toEqual([ben, cat]);

      const removed = await as(manager.token).post('/api/rota/remove', { date: '2025-09-15', position: 2, reason: 'Off site' }).expect(200);
      expect(removed.body.message).toBe('Cat Support is no longer on duty on Monday 15 September 2025.');
      expect(await onDay(admin, '2025-09-15')).toEqual([ben, null]);

      const moved = await as(admin.token).post('/api/rota/move', { date: '2025-09-16', position: 1, toDate: '2025-09-17' }).expect(200);
      expect(moved.body.days.map((d: Day) => d.date)).toEqual(['2025-09-17']);
      expect(await onDay(admin, '2025-09-16')).toEqual([]);
      expect(await onDay(admin, '2025-09-17')).toEqual([ann, null]);

      // An empty slot is assigned the same way; saying it was seen empty guards against someone filling it meanwhile.
      await as(admin.token).post('/api/rota/replace', { date: '2025-09-15', position: 2, staffId: dan, expectedStaffId: null }).expect(200);
      const stale = await as(admin.token).post('/api/rota/replace', { date: '2025-09-15', position: 2, staffId: cat, expectedStaffId: null }).expect(409);
      expect(stale.body).toMatchObject({ code: 'slot_changed', message: 'Slot 2 on Monday 15 September 2025 has changed: Dan Support is in it now' });
      expect(await onDay(admin, '2025-09-15')).toEqual([ben, dan]);

      expect(await records(admin)).toEqual(
        [
          ['2025-09-15', ann, 'approved', 'rota_edit', 'Replaced by Ben Teacher: Ann is on a trip'],
          ['2025-09-15', cat, 'approved', 'rota_edit', 'Off site'],
          ['2025-09-16', ann, 'approved', 'rota_edit', 'Moved to Wednesday 17 September 2025'],
        ].sort(),
      );
      const actions = await sql(
        `select action from audit_entries where action in ('rota.replaced', 'rota.removed', 'rota.moved', 'rota.assigned') and organization_id = (select organization_id from staff where id = ?) order by id`,
        [ann],
      );
      expect(actions.map((a) => a.action)).toEqual(['rota.assigned', 'rota.assigned', 'rota.replaced', 'rota.removed', 'rota.moved', 'rota.assigned']);
      const annEmail = `ann-${admin.subdomain}@example.com`;
      expect((await emails(admin)).map((m) => `${m.to} ${m.subject}`).sort()).toEqual(
        [
          `${annEmail} Duty removed: Monday 15 September 2025`,
          `ben-${admin.subdomain}@example.com You are on duty on Monday 15 September 2025`,
          `cat-${admin.subdomain}@example.com Duty removed: Monday 15 September 2025`,
          // The move is one email: off Tuesday, on Wednesday.
          `${annEmail} Your duties have changed`,
          `dan-${admin.subdomain}@example.com You are on duty on Monday 15 September 2025`,
        ].sort(),
      );

      // The rules hold: nobody twice, nobody inactive or away, not on a closed day, not in the past, not beyond the slots.
      const refusals: [object, number, string][] = [
        [{ date: '2025-09-15', position: 1, staffId: dan }, 409, 'This staff member is already assigned to this day'],
        [{ date: '2025-09-05', position: 1, staffId: cat }, 400, 'Friday 5 September 2025 has passed: only duties from today on can be changed'],
        [{ date: '2025-09-15', position: 3, staffId: cat }, 400, 'A day has 2 slots: position must be from 1 to 2'],
        [{ date: '2025-09-20', position: 1, staffId: cat }, 400, 'Duties are assigned on weekdays only (Monday to Friday)'],
      ];
      for (const [body, status, message] of refusals) {
        expect((await as(admin.token).post('/api/rota/replace', body).expect(status)).body.message).toBe(message);
      }
      await as(admin.token).post('/api/holidays', { name: 'Inset', type: 'inset_day', startDate: '2025-09-19', endDate: '2025-09-19' }).expect(201);
      const closed = await as(admin.token).post('/api/rota/move', { date: '2025-09-17', position: 1, toDate: '2025-09-19' }).expect(409);
      expect(closed.body.message).toBe('Friday 19 September 2025 is a holiday (Inset, Inset Day): nobody is on duty on holidays');
      expect((await as(admin.token).get('/api/rota/candidates?date=2025-09-19').expect(200)).body).toEqual({
        date: '2025-09-19',
        closed: 'Holiday: Inset, Inset Day',
        candidates: [],
      });
      const nobody = await as(admin.token).post('/api/rota/remove', { date: '2025-09-18', position: 1, reason: 'x' }).expect(409);
      expect(nobody.body.message).toBe('Nobody is in slot 1 on Thursday 18 September 2025');
      expect((await as(admin.token).post('/api/rota/remove', { date: '2025-09-15', position: 1, reason: '  ' }).expect(400)).body.message).toBe(
        'Please give a reason for removing this duty',
      );

      // Staff may not edit the rota, nor see the health check.
      await as(staff.token).post('/api/rota/remove', { date: '2025-09-15', position: 1, reason: 'x' }).expect(403);
      await as(staff.token).get('/api/rota/health').expect(403);
      expect(await onDay(admin, '2025-09-15')).toEqual([ben, dan]);
      expect((await as(admin.token).get('/api/rota/health').expect(200)).body.violations).toEqual([]);
    });
  });
});
