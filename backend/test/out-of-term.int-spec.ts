import { bearer, registerOrganization, type Account } from './support/accounts';
import { memberWithRole } from './support/members';
import { createTestApp, type TestApp } from './support/test-app';
import { asUser } from './support/http';

/**
 * Days out of term are closed, not gaps (docs/product.md#the-rota): the rota says which days are
 * closed and why, and the dashboard's week counts only the school days as unfilled
 * (docs/product.md#statistics-and-the-dashboard). Issue 39, defect 5.
 */

/** An autumn term that starts on Wednesday 10 September: Monday 8 and Tuesday 9 are still the summer holiday. */
const LATE_AUTUMN = { name: 'autumn', startDate: '2025-09-10', endDate: '2025-12-19', halfTermStart: '2025-10-27', halfTermEnd: '2025-10-31' };
const SPRING = { name: 'spring', startDate: '2026-01-05', endDate: '2026-03-27', halfTermStart: '2026-02-16', halfTermEnd: '2026-02-20' };
const SUMMER = { name: 'summer', startDate: '2026-04-13', endDate: '2026-07-21', halfTermStart: '2026-05-25', halfTermEnd: '2026-05-29' };

describe('days out of term', () => {
  let t: TestApp;

  beforeAll(async () => {
    // Monday 8 September 2025, 9 am in London.
    t = await createTestApp({ env: { APP_NOW: '2025-09-08T09:00' } });
  });
  afterAll(() => t.close());

  const as = (token: string) => asUser(t, token);

  async function schoolWithTerms(): Promise<{ admin: Account; ann: string }> {
    const admin = await registerOrganization(t);
    const ann = (await as(admin.token).post('/api/staff', { name: 'Ann Teacher', email: `ann-${admin.subdomain}@example.com` }).expect(201)).body.id;
    await as(admin.token).put('/api/term-dates/2025', { terms: [LATE_AUTUMN, SPRING, SUMMER] }).expect(200);
    return { admin, ann };
  }

  it('lists the closed days of a period with why, to everyone who may read the rota', async () => {
    const { admin } = await schoolWithTerms();
    await as(admin.token).post('/api/holidays', { name: 'Christmas Day', type: 'bank_holiday', startDate: '2025-12-25', endDate: '2025-12-25' }).expect(201);
    const staff = await memberWithRole(t, admin, 'staff', 'Sid Staff');

    const closures = (await as(staff.token).get('/api/rota/closures?startDate=2025-12-01&endDate=2026-01-31').expect(200)).body;
    expect(closures).toEqual([
      { startDate: '2025-12-20', endDate: '2026-01-04', kind: 'out_of_term', label: 'Christmas holiday' },
      { startDate: '2025-12-25', endDate: '2025-12-25', kind: 'holiday', label: 'Christmas Day, Bank Holiday' },
    ]);
    const september = (await as(admin.token).get('/api/rota/closures?startDate=2025-09-01&endDate=2025-09-30').expect(200)).body;
    expect(september).toEqual([{ startDate: '2025-09-01', endDate: '2025-09-09', kind: 'out_of_term', label: 'Summer holiday' }]);

    // A year without term dates has no days out of term.
    expect((await as(admin.token).get('/api/rota/closures?startDate=2026-09-01&endDate=2026-12-31').expect(200)).body).toEqual([]);
    const bad = await as(admin.token).get('/api/rota/closures?startDate=2025-12-31&endDate=2025-12-01').expect(400);
    expect(bad.body.message).toContain('endDate must be on or after startDate');
    await as(admin.token).get('/api/rota/closures?startDate=2025-09-01&endDate=2028-09-01').expect(400);
  });

  it("counts this week's days out of term as closed, not as unfilled", async () => {
    const { admin, ann } = await schoolWithTerms();
    await as(admin.token).post('/api/rota', { date: '2025-09-10', dutyManager1Id: ann }).expect(201);

    const stats = (await as(admin.token).get('/api/dashboard-stats').expect(200)).body;
    // Wednesday to Friday are school days: 3 × 2 slots − 1 filled. Monday and Tuesday are out of term.
    expect(stats).toMatchObject({ unfilled: 5, weekStart: '2025-09-08', weekEnd: '2025-09-12' });
    // The health check agrees: today is out of term, so the first day that needs someone is Wednesday.
    const health = (await as(admin.token).get('/api/rota/health').expect(200)).body;
    expect(health.unfilledDays.slice(0, 2)).toEqual([
      { date: '2025-09-10', filled: 1, slots: 2 },
      { date: '2025-09-11', filled: 0, slots: 2 },
    ]);
  });

  it('counts the duties planned in a period from today on: what closing it would take off', async () => {
    const { admin, ann } = await schoolWithTerms();
    const ben = (await as(admin.token).post('/api/staff', { name: 'Ben Support', email: `ben-${admin.subdomain}@example.com`, isTeaching: false }).expect(201)).body.id;
    await as(admin.token).post('/api/rota', { date: '2025-09-10', slots: [ann, ben] }).expect(201);
    await as(admin.token).post('/api/rota', { date: '2025-09-12', slots: [ben] }).expect(201);
    await as(admin.token).post('/api/rota', { date: '2025-09-15', slots: [ann] }).expect(201);

    expect((await as(admin.token).get('/api/rota/planned?startDate=2025-09-10&endDate=2025-09-12').expect(200)).body).toEqual({
      startDate: '2025-09-10',
      endDate: '2025-09-12',
      duties: 3,
      days: 2,
    });
    // Past days are never changed, so they are not counted: the count starts today.
    expect((await as(admin.token).get('/api/rota/planned?startDate=2025-09-01&endDate=2025-09-30').expect(200)).body).toMatchObject({
      startDate: '2025-09-08',
      duties: 4,
      days: 3,
    });
    expect((await as(admin.token).get('/api/rota/planned?startDate=2025-08-01&endDate=2025-08-31').expect(200)).body).toMatchObject({ duties: 0, days: 0 });
  });
});

describe('the dashboard on a weekend', () => {
  let t: TestApp;

  beforeAll(async () => {
    // Saturday 13 September 2025, 10 am in London: the week just past is over.
    t = await createTestApp({ env: { APP_NOW: '2025-09-13T10:00' } });
  });
  afterAll(() => t.close());

  it('describes the coming week', async () => {
    const admin = await registerOrganization(t);
    const api = (url: string, body?: object) =>
      body ? t.http().post(url).set(...bearer(admin.token)).send(body) : t.http().get(url).set(...bearer(admin.token));
    const ann = (await api('/api/staff', { name: 'Ann Teacher', email: `ann-${admin.subdomain}@example.com` }).expect(201)).body.id;
    // Monday 15 September: one of the coming week's ten slots is filled.
    await api('/api/rota', { date: '2025-09-15', dutyManager1Id: ann }).expect(201);

    const stats = (await api('/api/dashboard-stats').expect(200)).body;
    expect(stats).toMatchObject({ unfilled: 9, weekStart: '2025-09-15', weekEnd: '2025-09-19' });
  });
});
