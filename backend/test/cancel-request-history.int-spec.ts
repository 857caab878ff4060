import { registerOrganization } from './support/accounts';
import { createTestApp, type TestApp } from './support/test-app';
import { asUser, sqlOf } from './support/http';

/**
 * The Cancel Requests list keeps the cancellations people asked for apart from the ones the app
 * recorded for them (docs/product.md#cancel-requests): a term's worth of rota changes never pushes
 * a person's own request out of the list. Issue 39.
 */
describe('cancel request history', () => {
  let t: TestApp;
  let sql: (query: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

  beforeAll(async () => {
    t = await createTestApp({ env: { APP_NOW: '2025-09-08T09:00' } });
    sql = sqlOf(t);
  });
  afterAll(() => t.close());

  it("lists a person's decided request even after hundreds of cancellations the rota made since", async () => {
    const admin = await registerOrganization(t);
    const api = asUser(t, admin.token);
    const ann = (await api.post('/api/staff', { name: 'Ann Teacher', email: `ann-${admin.subdomain}@example.com` }).expect(201)).body.id as string;
    await api.post('/api/rota', { date: '2025-09-10', dutyManager1Id: ann }).expect(201);
    // Processed at once (cancellations are auto-approved by default): a completed request Ann asked for.
    const asked = (await api.post('/api/cancel-requests', { staffId: ann, date: '2025-09-10', reason: 'Dentist' }).expect(201)).body.request.id as string;

    // Then the rota records 250 removals of its own (holidays, term dates, leavers…), all more recent.
    await sql(
      `insert into cancel_requests (id, organization_id, staff_id, date, reason, status, source, processed_automatically, created_at, updated_at)
       select gen_random_uuid(), s.organization_id, s.id, date '2025-09-15' + g, 'Holiday: Snow closure, Other', 'approved', 'rota_change', true,
              now() + g * interval '1 second', now() + g * interval '1 second'
         from staff s, generate_series(1, 250) g where s.id = ?`,
      [ann],
    );

    const list = (await api.get('/api/cancel-requests').expect(200)).body as { id: string; source: string }[];
    expect(list.filter((r) => r.source === 'request').map((r) => r.id)).toEqual([asked]);
    expect(list.filter((r) => r.source === 'rota_change')).toHaveLength(200);
  });
});
