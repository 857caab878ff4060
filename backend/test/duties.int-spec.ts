import { bearer, registerOrganization } from './support/accounts';
import { memberWithRole } from './support/members';
import { sqlOf } from './support/http';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * Every school has the Duty Manager duty (docs/product.md#duties): a new one from its first
 * statement, whoever creates the organisation, and its people per day follow the settings.
 */
describe('duties', () => {
  let t: TestApp;
  let sql: (query: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

  beforeAll(async () => {
    t = await createTestApp();
    sql = sqlOf(t);
  });
  afterAll(() => t.close());

  it('gives a school that signs up its Duty Manager duty, running every weekday with the duty managers per day', async () => {
    const admin = await registerOrganization(t);
    const staff = await memberWithRole(t, admin, 'staff');
    const duties = (
      await t
        .http()
        .get('/api/duties')
        .set(...bearer(staff.token))
        .expect(200)
    ).body;
    expect(duties).toEqual([
      {
        id: expect.any(String),
        isDutyManager: true,
        name: 'Duty Manager',
        place: null,
        description: '',
        startTime: null,
        endTime: null,
        weekdays: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, people: 2 })),
        eligible: 'everyone',
        weight: 60,
        pairsTeaching: true,
        paused: false,
      },
    ]);

    await t
      .http()
      .post('/api/system-settings')
      .set(...bearer(admin.token))
      .send({ dutyManagersPerDay: 3 })
      .expect(200);
    const after = (
      await t
        .http()
        .get('/api/duties')
        .set(...bearer(admin.token))
        .expect(200)
    ).body;
    expect(after.map((d: { weekdays: { people: number }[] }) => d.weekdays.map((w) => w.people))).toEqual([[3, 3, 3, 3, 3]]);
  });

  it('gives an organisation created by any statement exactly one Duty Manager duty, and refuses a second', async () => {
    const [org] = await sql(
      `insert into organizations (id, name, subdomain, trial_ends_at) values (gen_random_uuid(), 'Direct', 'direct-' || substr(md5(random()::text), 1, 8), now() + interval '30 days') returning id`,
    );
    const rows = await sql(`select name, is_duty_manager, weight from duties where organization_id = ?`, [org!.id]);
    expect(rows).toEqual([{ name: 'Duty Manager', is_duty_manager: true, weight: 60 }]);
    await expect(
      sql(`insert into duties (id, organization_id, is_duty_manager, name, weight) values (gen_random_uuid(), ?, true, 'Second', 60)`, [org!.id]),
    ).rejects.toThrow(/duties_one_duty_manager/);
  });

  it('shows each school only its own duties', async () => {
    const a = await registerOrganization(t);
    const b = await registerOrganization(t);
    const ofA = (
      await t
        .http()
        .get('/api/duties')
        .set(...bearer(a.token))
        .expect(200)
    ).body as { id: string }[];
    const ofB = (
      await t
        .http()
        .get('/api/duties')
        .set(...bearer(b.token))
        .expect(200)
    ).body as { id: string }[];
    expect(ofA).toHaveLength(1);
    expect(ofB).toHaveLength(1);
    expect(ofA[0]!.id).not.toBe(ofB[0]!.id);
    await t.http().get('/api/duties').expect(401);
  });
});
