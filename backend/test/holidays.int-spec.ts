import { MikroORM } from '@mikro-orm/core';
import { bearer, registerOrganization, type Account } from './support/accounts';
import { asUser } from './support/http';
import { memberWithRole } from './support/members';
import { createTestApp, type TestApp } from './support/test-app';

describe('holidays', () => {
  let t: TestApp;
  let admin: Account;

  beforeAll(async () => {
    t = await createTestApp({ env: { APP_NOW: '2025-09-08T09:00' } });
    admin = await registerOrganization(t);
  });

  afterAll(() => t.close());

  const as = (token: string) => ({
    get: (url: string) => t.http().get(url).set(...bearer(token)),
    post: (url: string, body: object = {}) => t.http().post(url).set(...bearer(token)).send(body),
    put: (url: string, body: object) => t.http().put(url).set(...bearer(token)).send(body),
    del: (url: string) => t.http().delete(url).set(...bearer(token)),
  });

  it('adds, lists by overlap with a range, edits and deletes, with audit entries', async () => {
    const halfTerm = await as(admin.token)
      .post('/api/holidays', { name: 'Autumn half term', type: 'half_term', startDate: '2025-10-27', endDate: '2025-10-31', description: '  ' })
      .expect(201);
    expect(halfTerm.body).toMatchObject({ name: 'Autumn half term', type: 'half_term', startDate: '2025-10-27', endDate: '2025-10-31', description: null });
    await as(admin.token).post('/api/holidays', { name: 'Inset day', type: 'inset_day', startDate: '2025-09-01', endDate: '2025-09-01' }).expect(201);

    const october = await as(admin.token).get('/api/holidays?startDate=2025-10-30&endDate=2025-11-30').expect(200);
    expect(october.body.map((h: { name: string }) => h.name)).toEqual(['Autumn half term']);
    const all = await as(admin.token).get('/api/holidays').expect(200);
    expect(all.body.map((h: { name: string }) => h.name)).toEqual(['Inset day', 'Autumn half term']);

    const edited = await as(admin.token)
      .put(`/api/holidays/${halfTerm.body.id}`, { name: 'October half term', type: 'half_term', startDate: '2025-10-27', endDate: '2025-10-31', description: 'Whole school' })
      .expect(200);
    expect(edited.body).toMatchObject({ name: 'October half term', description: 'Whole school' });
    await as(admin.token).del(`/api/holidays/${halfTerm.body.id}`).expect(204);
    await as(admin.token).del(`/api/holidays/${halfTerm.body.id}`).expect(404);

    const entries = await t.get(MikroORM).em.getConnection().execute(
      'SELECT action, before, after FROM audit_entries WHERE entity_id = ? ORDER BY id',
      [halfTerm.body.id],
    );
    expect(entries.map((e: { action: string }) => e.action)).toEqual(['holiday.created', 'holiday.updated', 'holiday.deleted']);
    expect(entries[1].before).toEqual({ name: 'Autumn half term', description: null });
    expect(entries[1].after).toEqual({ name: 'October half term', description: 'Whole school' });
  });

  it('refuses an end before the start, impossible dates and unknown types', async () => {
    const backwards = await as(admin.token).post('/api/holidays', { name: 'X', type: 'other', startDate: '2025-10-31', endDate: '2025-10-27' }).expect(400);
    expect(backwards.body.message).toBe('End date must be on or after the start date');
    const impossible = await as(admin.token).post('/api/holidays', { name: 'X', type: 'other', startDate: '2025-02-31', endDate: '2025-13-01' }).expect(400);
    expect(impossible.body.message).toContain('Start date must be a real date written as yyyy-MM-dd (got "2025-02-31")');
    expect(impossible.body.message).toContain('End date must be a real date written as yyyy-MM-dd (got "2025-13-01")');
    const type = await as(admin.token).post('/api/holidays', { name: 'X', type: 'summer', startDate: '2025-10-01', endDate: '2025-10-01' }).expect(400);
    expect(type.body.message).toBe('Type must be one of: bank_holiday, half_term, term_holiday, inset_day, other');
    const badRange = await as(admin.token).get('/api/holidays?startDate=2025-10-10&endDate=2025-10-01').expect(400);
    expect(badRange.body.message).toBe('endDate must be on or after startDate');
  });

  it('adds the academic year’s England & Wales bank holidays once, skipping dates already covered', async () => {
    await as(admin.token).post('/api/holidays', { name: 'Christmas holidays', type: 'term_holiday', startDate: '2025-12-20', endDate: '2026-01-04' }).expect(201);
    const first = await as(admin.token).post('/api/holidays/bank-holidays').expect(201);
    expect(first.body).toMatchObject({ academicYear: '2025-2026', region: 'england_wales' });
    expect(first.body.added.map((h: { startDate: string }) => h.startDate)).toEqual([
      '2026-04-03', '2026-04-06', '2026-05-04', '2026-05-25', '2026-08-31',
    ]);
    expect(first.body.skipped).toBe(3);
    const again = await as(admin.token).post('/api/holidays/bank-holidays').expect(201);
    expect(again.body).toMatchObject({ added: [], skipped: 8 });
    const next = await as(admin.token).post('/api/holidays/bank-holidays', { academicYearStart: 2026 }).expect(201);
    expect(next.body.added).toHaveLength(8);
  });

  it('lets staff read holidays but not change them', async () => {
    const staff = await memberWithRole(t, admin, 'staff');
    await as(staff.token).get('/api/holidays').expect(200);
    const denied = await as(staff.token).post('/api/holidays', { name: 'X', type: 'other', startDate: '2025-10-01', endDate: '2025-10-01' }).expect(403);
    expect(denied.body.message).toBe("You don't have permission to manage holidays");
    const manager = await memberWithRole(t, admin, 'manager');
    await as(manager.token).post('/api/holidays', { name: 'Manager day', type: 'other', startDate: '2025-10-02', endDate: '2025-10-02' }).expect(201);
  });
});

describe('bank holiday regions', () => {
  let t: TestApp;
  let admin: Account;

  beforeAll(async () => {
    t = await createTestApp({ env: { APP_NOW: '2025-09-08T09:00' } });
    admin = await registerOrganization(t);
  });

  afterAll(() => t.close());

  const as = (token: string) => asUser(t, token);
  const dates = (body: { holidays: { date: string }[] }) => body.holidays.map((h) => h.date);

  it('starts every organisation on England & Wales, shown with the signed-in organisation', async () => {
    const me = await as(admin.token).get('/api/auth/user').expect(200);
    expect(me.body.organization.region).toBe('england_wales');
    const preview = await as(admin.token).get('/api/holidays/bank-holidays').expect(200);
    expect(preview.body.region).toBe('england_wales');
    expect(preview.body.academicYear).toBe('2025-2026');
    expect(dates(preview.body)).toEqual(['2025-12-25', '2025-12-26', '2026-01-01', '2026-04-03', '2026-04-06', '2026-05-04', '2026-05-25', '2026-08-31']);
  });

  it('previews any region and year, marking the dates a holiday already covers, and changes nothing', async () => {
    await as(admin.token).post('/api/holidays', { name: 'Christmas holidays', type: 'term_holiday', startDate: '2025-12-22', endDate: '2026-01-02' }).expect(201);
    const scotland = await as(admin.token).get('/api/holidays/bank-holidays?region=scotland&academicYearStart=2025').expect(200);
    expect(scotland.body).toEqual({
      region: 'scotland',
      academicYear: '2025-2026',
      holidays: [
        { date: '2025-12-01', name: "St Andrew's Day (substitute day)", alreadyCovered: false },
        { date: '2025-12-25', name: 'Christmas Day', alreadyCovered: true },
        { date: '2025-12-26', name: 'Boxing Day', alreadyCovered: true },
        { date: '2026-01-01', name: "New Year's Day", alreadyCovered: true },
        { date: '2026-01-02', name: '2nd January', alreadyCovered: true },
        { date: '2026-04-03', name: 'Good Friday', alreadyCovered: false },
        { date: '2026-05-04', name: 'Early May bank holiday', alreadyCovered: false },
        { date: '2026-05-25', name: 'Spring bank holiday', alreadyCovered: false },
        { date: '2026-08-03', name: 'Summer bank holiday', alreadyCovered: false },
      ],
    });
    const northernIreland = await as(admin.token).get('/api/holidays/bank-holidays?region=northern_ireland&academicYearStart=2026').expect(200);
    expect(northernIreland.body.academicYear).toBe('2026-2027');
    expect(dates(northernIreland.body)).toContain('2027-03-17');
    // Previewing is not choosing: the organisation is still on England & Wales.
    expect((await as(admin.token).get('/api/auth/user').expect(200)).body.organization.region).toBe('england_wales');
    const bad = await as(admin.token).get('/api/holidays/bank-holidays?region=wales&academicYearStart=1999').expect(400);
    expect(bad.body.message).toContain('region must be one of: england_wales, scotland, northern_ireland');
    expect(bad.body.message).toContain('academicYearStart must be between 2000 and 2100');
  });

  it('adds another region’s bank holidays, keeps that region for next time, and says so in the activity log', async () => {
    const added = await as(admin.token).post('/api/holidays/bank-holidays', { region: 'scotland' }).expect(201);
    expect(added.body).toMatchObject({ region: 'scotland', academicYear: '2025-2026', skipped: 4 });
    expect(added.body.added.map((h: { startDate: string }) => h.startDate)).toEqual(['2025-12-01', '2026-04-03', '2026-05-04', '2026-05-25', '2026-08-03']);
    expect((await as(admin.token).get('/api/auth/user').expect(200)).body.organization.region).toBe('scotland');
    expect((await as(admin.token).get('/api/holidays/bank-holidays').expect(200)).body.region).toBe('scotland');

    // Without a region, the organisation's (now Scotland) is used.
    const next = await as(admin.token).post('/api/holidays/bank-holidays', { academicYearStart: 2026 }).expect(201);
    expect(next.body.region).toBe('scotland');
    expect(next.body.added.map((h: { startDate: string }) => h.startDate)).toContain('2026-11-30');

    const [first, second] = await t.get(MikroORM).em.getConnection().execute(
      `SELECT summary, before, after FROM audit_entries WHERE action = 'holiday.bank-holidays-added' AND entity_id IN ('2025-2026', '2026-2027') ORDER BY id`,
    );
    expect(first.summary).toBe('Added 5 Scotland bank holidays for 2025-2026; bank holiday region changed from England & Wales to Scotland');
    expect(first.before).toEqual({ region: 'england_wales' });
    expect(first.after).toEqual({ region: 'scotland', dates: ['2025-12-01', '2026-04-03', '2026-05-04', '2026-05-25', '2026-08-03'] });
    expect(second.summary).toBe('Added 9 Scotland bank holidays for 2026-2027');
  });

  it('adds nothing twice, and records a change of region even when nothing is added', async () => {
    const entries = async () =>
      (await t.get(MikroORM).em.getConnection().execute(
        `SELECT summary FROM audit_entries WHERE action = 'holiday.bank-holidays-added' ORDER BY id DESC`,
      )) as { summary: string }[];
    const before = (await entries()).length;
    const same = await as(admin.token).post('/api/holidays/bank-holidays', { region: 'scotland' }).expect(201);
    expect(same.body).toMatchObject({ added: [], skipped: 9, region: 'scotland' });
    expect(await entries()).toHaveLength(before);

    const back = await as(admin.token).post('/api/holidays/bank-holidays', { region: 'england_wales' }).expect(201);
    expect(back.body.added.map((h: { startDate: string }) => h.startDate)).toEqual(['2026-04-06', '2026-08-31']);
    const again = await as(admin.token).post('/api/holidays/bank-holidays', { region: 'scotland' }).expect(201);
    expect(again.body).toMatchObject({ added: [], skipped: 9, region: 'scotland' });
    expect((await entries()).slice(0, 2).map((e) => e.summary)).toEqual([
      'No Scotland bank holidays to add for 2025-2026; bank holiday region changed from England & Wales to Scotland',
      'Added 2 England & Wales bank holidays for 2025-2026; bank holiday region changed from Scotland to England & Wales',
    ]);
  });

  it('refuses an unknown region, and lets staff preview but not add or change the region', async () => {
    const bad = await as(admin.token).post('/api/holidays/bank-holidays', { region: 'Scotland' }).expect(400);
    expect(bad.body.message).toBe('region must be one of: england_wales, scotland, northern_ireland');
    const staff = await memberWithRole(t, admin, 'staff');
    const preview = await as(staff.token).get('/api/holidays/bank-holidays?region=northern_ireland').expect(200);
    expect(preview.body.region).toBe('northern_ireland');
    const denied = await as(staff.token).post('/api/holidays/bank-holidays', { region: 'northern_ireland' }).expect(403);
    expect(denied.body.message).toBe("You don't have permission to manage holidays");
    expect((await as(admin.token).get('/api/auth/user').expect(200)).body.organization.region).toBe('scotland');
    const manager = await memberWithRole(t, admin, 'manager');
    await as(manager.token).post('/api/holidays/bank-holidays', { region: 'northern_ireland', academicYearStart: 2027 }).expect(201);
    expect((await as(staff.token).get('/api/auth/user').expect(200)).body.organization.region).toBe('northern_ireland');
  });

  it('keeps each organisation’s region and holidays to itself', async () => {
    const other = await registerOrganization(t);
    expect((await as(other.token).get('/api/auth/user').expect(200)).body.organization.region).toBe('england_wales');
    await as(other.token).post('/api/holidays/bank-holidays', { region: 'scotland' }).expect(201);
    expect((await as(admin.token).get('/api/auth/user').expect(200)).body.organization.region).toBe('northern_ireland');
    // The other organisation's new holidays cover nothing here.
    const mine = await as(admin.token).get('/api/holidays/bank-holidays?region=scotland&academicYearStart=2028').expect(200);
    expect(mine.body.holidays.every((h: { alreadyCovered: boolean }) => !h.alreadyCovered)).toBe(true);
    const theirs = await as(other.token).get('/api/holidays/bank-holidays?academicYearStart=2025').expect(200);
    expect(theirs.body.region).toBe('scotland');
    expect(theirs.body.holidays.every((h: { alreadyCovered: boolean }) => h.alreadyCovered)).toBe(true);
  });
});

describe('the audit log', () => {
  let t: TestApp;
  let admin: Account;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await registerOrganization(t);
  });

  afterAll(() => t.close());

  it('lists who changed what, newest first, a page at a time, filtered by kind', async () => {
    for (let i = 1; i <= 3; i += 1) {
      await t.http().post('/api/holidays').set(...bearer(admin.token)).send({ name: `Day ${i}`, type: 'other', startDate: `2025-10-0${i}`, endDate: `2025-10-0${i}` }).expect(201);
    }
    await t.http().post('/api/staff').set(...bearer(admin.token)).send({ name: 'Lee Log', email: 'lee@log.example' }).expect(201);

    const page = await t.http().get('/api/audit-log?pageSize=2').set(...bearer(admin.token)).expect(200);
    expect(page.body).toMatchObject({ total: 4, page: 1, pageSize: 2 });
    expect(page.body.items.map((e: { summary: string }) => e.summary)).toEqual([
      'Added staff member Lee Log',
      'Added holiday Day 3 (Friday 3 October 2025)',
    ]);
    expect(page.body.items[0]).toMatchObject({ actorName: admin.name, kind: 'staff', action: 'staff.created' });

    const holidays = await t.http().get('/api/audit-log?kind=holiday&page=2&pageSize=2').set(...bearer(admin.token)).expect(200);
    expect(holidays.body.items.map((e: { summary: string }) => e.summary)).toEqual(['Added holiday Day 1 (Wednesday 1 October 2025)']);

    const bad = await t.http().get('/api/audit-log?kind=everything&pageSize=500').set(...bearer(admin.token)).expect(400);
    expect(bad.body.message).toContain('kind must be one of');
    expect(bad.body.message).toContain('pageSize must be a whole number from 1 to 100');
  });

  it('writes nothing when the change fails', async () => {
    const before = await t.http().get('/api/audit-log').set(...bearer(admin.token)).expect(200);
    await t.http().post('/api/staff').set(...bearer(admin.token)).send({ name: 'Lee Again', email: 'lee@log.example' }).expect(409);
    const after = await t.http().get('/api/audit-log').set(...bearer(admin.token)).expect(200);
    expect(after.body.total).toBe(before.body.total);
  });
});
