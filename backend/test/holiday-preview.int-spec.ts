import { bearer, registerOrganization, type Account } from './support/accounts';
import { snapshotDatabase } from './support/db-snapshot';
import { memberWithRole } from './support/members';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * A holiday's preview (docs/product.md#the-rota-stays-true): before saving, the holiday form asks
 * what the holiday would do to the planned rota. The answer is the same change and repair as saving,
 * run in a transaction that is rolled back: the same figures as the save, and nothing saved,
 * audited or emailed.
 */
describe('holiday preview', () => {
  let t: TestApp;
  let admin: Account;
  let other: Account;

  beforeAll(async () => {
    t = await createTestApp({ env: { APP_NOW: '2025-09-08T09:00' } });
    admin = await registerOrganization(t);
    other = await registerOrganization(t);
    for (let i = 0; i < 6; i += 1) {
      await as(admin.token)
        .post('/api/staff', { name: `Person ${i}`, email: `p${i}-${admin.subdomain}@example.com`, isTeaching: i % 2 === 0 })
        .expect(201);
    }
    await as(admin.token).post('/api/rota/fill-unassigned', { endDate: '2025-12-19', allWeekdays: true }).expect(200);
  });

  afterAll(() => t.close());

  function as(token: string) {
    return {
      get: (url: string) =>
        t
          .http()
          .get(url)
          .set(...bearer(token)),
      post: (url: string, body: object = {}) =>
        t
          .http()
          .post(url)
          .set(...bearer(token))
          .send(body),
    };
  }

  const SNOW = { name: 'Snow closure', type: 'other', startDate: '2025-12-08', endDate: '2025-12-09' };

  it('says what adding a holiday over planned days would do, saves nothing, and saving then does exactly that', async () => {
    const before = await snapshotDatabase(t);
    const preview = await as(admin.token).post('/api/holidays/preview', SNOW).expect(200);
    expect(preview.body).toMatchObject({ removedDuties: 4, dates: ['2025-12-08', '2025-12-09'] });
    expect(preview.body.message).toBe("Adding holiday 'Snow closure' removed 4 duties on 8–9 Dec; 0 refilled (holiday).");
    // Nothing saved: no holiday, no cancellation, no audit entry, no email.
    expect(await snapshotDatabase(t)).toEqual(before);

    const saved = await as(admin.token).post('/api/holidays', SNOW).expect(201);
    expect(saved.body.rotaChange).toEqual(preview.body);
  });

  it('previews a change of an existing holiday; another organisation’s is 404 and staff are refused', async () => {
    const inset = await as(admin.token)
      .post('/api/holidays', { name: 'Inset', type: 'inset_day', startDate: '2025-11-03', endDate: '2025-11-03' })
      .expect(201);
    const longer = await as(admin.token)
      .post(`/api/holidays/${inset.body.id}/preview`, { name: 'Inset', type: 'inset_day', startDate: '2025-11-03', endDate: '2025-11-04' })
      .expect(200);
    // 3 Nov is already closed: only 4 Nov's two duties go.
    expect(longer.body).toMatchObject({ removedDuties: 2, dates: ['2025-11-04'] });

    const staff = await memberWithRole(t, admin, 'staff');
    const before = await snapshotDatabase(t);
    await as(other.token)
      .post(`/api/holidays/${inset.body.id}/preview`, { ...SNOW, name: 'Theirs' })
      .expect(404);
    await as(staff.token).post('/api/holidays/preview', SNOW).expect(403);
    const bad = await as(admin.token)
      .post('/api/holidays/preview', { ...SNOW, endDate: '2025-12-01' })
      .expect(400);
    expect(bad.body.message).toBe('End date must be on or after the start date');
    expect(await snapshotDatabase(t)).toEqual(before);
  });
});
