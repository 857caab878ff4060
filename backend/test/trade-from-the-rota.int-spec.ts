import { registerOrganization } from './support/accounts';
import { memberWithRole } from './support/members';
import { createTestApp, type TestApp } from './support/test-app';
import { asUser } from './support/http';

/**
 * From a colleague's duty on the rota, a staff member may ask to trade one of their own duties
 * for it (docs/product.md#roles-and-permissions, the "Admin access required" dialog): the options
 * offer only their duties the colleague could take in exchange. Issue 39.
 */
describe('a trade asked for from the rota', () => {
  let t: TestApp;

  beforeAll(async () => {
    // Monday 8 September 2025, 9 am in London.
    t = await createTestApp({ env: { APP_NOW: '2025-09-08T09:00' } });
  });
  afterAll(() => t.close());

  const as = (token: string) => asUser(t, token);

  it("offers only Sam's duties Tom could take for his Tuesday, and Sam may then ask for that trade", async () => {
    const admin = await registerOrganization(t);
    const sam = await memberWithRole(t, admin, 'staff', 'Sam Staff');
    const tom = await memberWithRole(t, admin, 'staff', 'Tom Colleague');
    // Tom doesn't work Wednesdays.
    await as(admin.token).put(`/api/staff/${tom.staffId}`, { name: 'Tom Colleague', email: tom.email, isTeaching: true, workingDays: [1, 2, 4, 5] }).expect(200);
    for (const [date, slots] of [
      ['2025-09-10', [sam.staffId]],
      ['2025-09-11', [sam.staffId, tom.staffId]],
      ['2025-09-16', [tom.staffId]],
      ['2025-09-17', [sam.staffId]],
      ['2025-09-18', [sam.staffId]],
    ] as const) {
      await as(admin.token).post('/api/rota', { date, slots }).expect(201);
    }
    const options = (url: string) => as(sam.token).get(`/api/swap-requests/options?requesterId=${sam.staffId}${url}`);

    // Wednesdays are not Tom's days, and on Thursday 11th he is on duty already.
    expect((await options(`&targetId=${tom.staffId}&swapDate=2025-09-16`).expect(200)).body).toEqual({ duties: ['2025-09-18'], colleagues: [] });
    // Not Tom's duty day: nothing to trade for.
    expect((await options(`&targetId=${tom.staffId}&swapDate=2025-09-17`).expect(200)).body).toEqual({ duties: [], colleagues: [] });

    const asked = await as(sam.token)
      .post('/api/swap-requests', { requesterId: sam.staffId, targetId: tom.staffId, originalDate: '2025-09-18', swapDate: '2025-09-16', reason: 'Swap days' })
      .expect(201);
    expect(asked.body.request).toMatchObject({ kind: 'trade', status: 'awaiting_colleague' });

    // Only for one's own duties, and the two fields go together.
    await as(tom.token).get(`/api/swap-requests/options?requesterId=${sam.staffId}&targetId=${tom.staffId}&swapDate=2025-09-16`).expect(403);
    expect((await options(`&targetId=${tom.staffId}`).expect(400)).body.message).toContain('Swap date must be a real date');
    expect((await options(`&targetId=${tom.staffId}&swapDate=2025-09-16&originalDate=2025-09-17`).expect(400)).body.message).toBe(
      'Ask either for an original date or for a trade (targetId and swapDate), not both',
    );
  });
});
