import { registerOrganization, type Account } from './support/accounts';
import { memberWithRole } from './support/members';
import { createTestApp, type TestApp } from './support/test-app';
import { asUser, sqlOf } from './support/http';

/**
 * Move to another day on a filled rota (docs/product.md#editing-the-rota-directly): the days on
 * offer are the ones the person may take with a free slot, and on a full day the people who may
 * trade with them; a trade exchanges the two duties. Issue 39, defect 6.
 */

interface Day {
  date: string;
  slots: { position: number; staff: { id: string; name: string } | null }[];
}
interface MoveOption {
  date: string;
  freeSlots: number;
  tradeWith: { id: string; name: string }[];
}

const AUTUMN = { name: 'autumn', startDate: '2025-09-03', endDate: '2025-12-19', halfTermStart: '2025-10-27', halfTermEnd: '2025-10-31' };
const SPRING = { name: 'spring', startDate: '2026-01-05', endDate: '2026-03-27', halfTermStart: '2026-02-16', halfTermEnd: '2026-02-20' };
const SUMMER = { name: 'summer', startDate: '2026-04-13', endDate: '2026-07-21', halfTermStart: '2026-05-25', halfTermEnd: '2026-05-29' };

describe('move to another day', () => {
  let t: TestApp;
  let sql: (query: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

  beforeAll(async () => {
    // Monday 8 September 2025, 9 am in London.
    t = await createTestApp({ env: { APP_NOW: '2025-09-08T09:00' } });
    sql = sqlOf(t);
  });
  afterAll(() => t.close());

  const as = (token: string) => asUser(t, token);

  /**
   * A school whose week of 15 September is full (two slots a day), with one free slot on Monday
   * 22nd. Ann doesn't work Thursdays and is on leave on Friday 26th.
   */
  async function filledSchool() {
    const admin = await registerOrganization(t);
    // Its gaps are made by hand: with auto-fill on, the repair after each change of facts below
    // (a pattern change, a new member) would fill them (docs/product.md#the-rota-stays-true).
    await as(admin.token).post('/api/auto-approval-settings', { adminPassword: admin.password, autoFillCancellations: false }).expect(200);
    const people: Record<string, string> = {};
    for (const [name, isTeaching] of [
      ['Ann Teacher', true],
      ['Ben Teacher', true],
      ['Cat Support', false],
      ['Dan Support', false],
    ] as const) {
      people[name.split(' ')[0]!] = (
        await as(admin.token).post('/api/staff', { name, email: `${name.split(' ')[0]!.toLowerCase()}-${admin.subdomain}@example.com`, isTeaching }).expect(201)
      ).body.id;
    }
    const { Ann: ann, Ben: ben, Cat: cat, Dan: dan } = people as Record<'Ann' | 'Ben' | 'Cat' | 'Dan', string>;
    await as(admin.token).put('/api/term-dates/2025', { terms: [AUTUMN, SPRING, SUMMER] }).expect(200);
    for (const [date, slots] of [
      ['2025-09-15', [ann, cat]],
      ['2025-09-16', [ben, dan]],
      ['2025-09-17', [ann, dan]],
      ['2025-09-18', [ben, cat]],
      ['2025-09-19', [ben, dan]],
      ['2025-09-22', [cat]],
    ] as const) {
      await as(admin.token).post('/api/rota', { date, slots }).expect(201);
    }
    await as(admin.token).put(`/api/staff/${ann}`, { name: 'Ann Teacher', email: `ann-${admin.subdomain}@example.com`, isTeaching: true, workingDays: [1, 2, 3, 5] }).expect(200);
    await as(admin.token)
      .post('/api/staff-unavailability', { staffId: ann, startDate: '2025-09-26', endDate: '2025-09-26', reason: 'Wedding' })
      .expect(201);
    return { admin, ann, ben, cat, dan };
  }

  const onDay = async (admin: Account, date: string) =>
    (((await as(admin.token).get(`/api/rota?startDate=${date}&endDate=${date}`).expect(200)).body as Day[])[0]?.slots ?? []).map((s) => s.staff?.id ?? null);

  it('offers the days Ann may take: a free slot, or on a full day the people who may trade with her', async () => {
    const { admin, ann, ben, dan } = await filledSchool();
    const manager = await memberWithRole(t, admin, 'manager', 'Mo Manager');

    const options = (await as(manager.token).get('/api/rota/move-options?date=2025-09-15&position=1').expect(200)).body;
    expect(options).toMatchObject({ date: '2025-09-15', position: 1, staff: { id: ann, name: 'Ann Teacher' }, from: '2025-09-08', to: '2026-08-31' });
    const byDate = new Map((options.days as MoveOption[]).map((d) => [d.date, d]));
    const week = ['2025-09-15', '2025-09-16', '2025-09-17', '2025-09-18', '2025-09-19', '2025-09-22'].map((date) => byDate.get(date));
    expect(week).toEqual([
      // Her own duty's day, a day she is already on and a Thursday (not one of her days) are not offered.
      undefined,
      { date: '2025-09-16', freeSlots: 0, tradeWith: [{ id: ben, name: 'Ben Teacher' }, { id: dan, name: 'Dan Support' }] },
      undefined,
      undefined,
      { date: '2025-09-19', freeSlots: 0, tradeWith: [{ id: ben, name: 'Ben Teacher' }, { id: dan, name: 'Dan Support' }] },
      { date: '2025-09-22', freeSlots: 1, tradeWith: [] },
    ]);
    // Today and other empty school days are offered; leave, half term, Christmas and the summer after term are not.
    expect(byDate.get('2025-09-08')).toEqual({ date: '2025-09-08', freeSlots: 2, tradeWith: [] });
    for (const closed of ['2025-09-26', '2025-10-27', '2025-12-22', '2026-07-22']) expect(byDate.has(closed)).toBe(false);
    expect([...byDate.keys()].every((d) => d >= '2025-09-08' && d <= '2026-07-21')).toBe(true);
  });

  it("trades Ann's duty with Ben's on a full day: each takes the other's slot, keeps why in their history, and is emailed", async () => {
    const { admin, ann, ben, cat, dan } = await filledSchool();

    // Without a trade a full day is still full.
    const full = await as(admin.token).post('/api/rota/move', { date: '2025-09-15', position: 1, toDate: '2025-09-16' }).expect(409);
    expect(full.body.code).toBe('slots_full');

    const traded = await as(admin.token).post('/api/rota/move', { date: '2025-09-15', position: 1, toDate: '2025-09-16', tradeWithStaffId: ben }).expect(200);
    expect(traded.body.message).toBe('Ann Teacher is now on duty on Tuesday 16 September 2025, and Ben Teacher on Monday 15 September 2025.');
    expect(traded.body.days.map((d: Day) => d.date)).toEqual(['2025-09-15', '2025-09-16']);
    expect(await onDay(admin, '2025-09-15')).toEqual([ben, cat]);
    expect(await onDay(admin, '2025-09-16')).toEqual([ann, dan]);

    const records = ((await as(admin.token).get('/api/cancel-requests').expect(200)).body as { staffId: string; date: string; source: string; reason: string }[])
      .map((r) => [r.date, r.staffId, r.source, r.reason])
      .sort();
    expect(records).toEqual([
      ['2025-09-15', ann, 'rota_edit', 'Traded with Ben Teacher for Tuesday 16 September 2025'],
      ['2025-09-16', ben, 'rota_edit', 'Traded with Ann Teacher for Monday 15 September 2025'],
    ]);
    const mail = await sql(
      `select o."to", o.subject, o.text from outbox_emails o join organizations g on g.id = o.organization_id
        where g.subdomain = ? and o.kind in ('duties-removed', 'duty-added') order by o."to", o.subject`,
      [admin.subdomain],
    );
    // One email each, with the day they gave and the day they took (docs/product.md#notifications).
    expect(mail.map((m) => `${String(m.to).split('-')[0]}: ${m.subject}`)).toEqual(['ann: Your duties have changed', 'ben: Your duties have changed']);
    expect(mail[0]!.text).toMatch(/Monday 15 September 2025: Traded with Ben Teacher[\s\S]*Tuesday 16 September 2025/);
    expect(mail[1]!.text).toMatch(/Tuesday 16 September 2025: Traded with Ann Teacher[\s\S]*Monday 15 September 2025/);
    const [audit] = await sql(`select summary from audit_entries where action = 'rota.traded' and organization_id = (select organization_id from staff where id = ?)`, [ann]);
    expect(audit!.summary).toBe("Traded Ann Teacher's duty on Monday 15 September 2025 with Ben Teacher's on Tuesday 16 September 2025");
  });

  it('refuses a trade the rules forbid, changing nothing', async () => {
    const { admin, ann, cat, dan } = await filledSchool();
    const staff = await memberWithRole(t, admin, 'staff', 'Sid Staff');
    const trade = (body: object) => as(admin.token).post('/api/rota/move', { date: '2025-09-15', position: 1, ...body });

    // Cat is not on Tuesday; Cat is on Monday already; Ann doesn't work Thursdays.
    expect((await trade({ toDate: '2025-09-16', tradeWithStaffId: cat }).expect(409)).body).toMatchObject({
      code: 'slot_changed',
      message: 'Cat Support is not on duty on Tuesday 16 September 2025',
    });
    expect((await trade({ toDate: '2025-09-18', tradeWithStaffId: cat }).expect(409)).body.code).toBe('duplicate_assignment');
    await as(admin.token).post('/api/rota', { date: '2025-09-25', slots: [dan, cat] }).expect(201);
    expect((await trade({ toDate: '2025-09-25', tradeWithStaffId: dan }).expect(409)).body).toMatchObject({ code: 'not_working_day' });
    expect((await trade({ toDate: '2025-09-16', tradeWithStaffId: 'nobody' }).expect(400)).body.message).toBe("tradeWithStaffId must be a staff member's id");
    expect(await onDay(admin, '2025-09-15')).toEqual([ann, cat]);

    await as(staff.token).get('/api/rota/move-options?date=2025-09-15&position=1').expect(403);
    expect((await as(admin.token).get('/api/rota/move-options?date=2025-09-05&position=1').expect(400)).body.message).toBe(
      'Friday 5 September 2025 has passed: only duties from today on can be changed',
    );
    // An empty slot has nothing to move.
    expect((await as(admin.token).get('/api/rota/move-options?date=2025-09-22&position=2').expect(200)).body).toMatchObject({ staff: null, days: [] });
    expect((await as(admin.token).get('/api/rota/move-options?date=2025-09-15&position=x').expect(400)).body.message).toBe(
      'position must be a whole number from 1 to 5',
    );
  });
});
