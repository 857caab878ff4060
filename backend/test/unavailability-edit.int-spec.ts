import { registerOrganization, type Account } from './support/accounts';
import { snapshotDatabase } from './support/db-snapshot';
import { memberWithRole } from './support/members';
import { createTestApp, type TestApp } from './support/test-app';
import { asUser } from './support/http';

interface Day {
  date: string;
  slots: { staff: { id: string } | null }[];
}

/**
 * Changing an unavailability period (docs/product.md#unavailability), with the clock at Monday
 * 8 September 2025, 9 am in London: days it newly covers lose the person's duties as when a period
 * is added (the same path), days it no longer covers get none back, and it is checked like a new one.
 */
describe('changing an unavailability period', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: { APP_NOW: '2025-09-08T09:00' } });
  });

  afterAll(() => t.close());

  const as = (token: string) => asUser(t, token);

  async function school() {
    const admin = await registerOrganization(t);
    const me = await memberWithRole(t, admin, 'staff', 'Sam Staff');
    const people: Record<string, string> = {};
    for (const [name, isTeaching] of [
      ['Teacher A', true],
      ['Teacher B', true],
      ['Support A', false],
      ['Support B', false],
    ] as const) {
      const res = await as(admin.token)
        .post('/api/staff', { name, email: `${name.replace(' ', '.').toLowerCase()}-${admin.subdomain}@example.com`, isTeaching })
        .expect(201);
      people[name] = res.body.id as string;
    }
    return { admin, me, people };
  }

  const dayOf = async (admin: Account, date: string): Promise<(string | null)[]> => {
    const days: Day[] = (await as(admin.token).get(`/api/rota?startDate=${date}&endDate=${date}`).expect(200)).body;
    return days[0]?.slots.map((s) => s.staff?.id ?? null) ?? [];
  };

  it('takes the person off the duties the new dates cover, refilled per auto-fill, and puts none back on the days it no longer covers', async () => {
    const { admin, me, people } = await school();
    await as(admin.token).post('/api/rota', { date: '2025-09-15', slots: [me.staffId, people['Support A']] }).expect(201);
    await as(admin.token).post('/api/rota', { date: '2025-09-17', slots: [me.staffId] }).expect(201);
    await as(admin.token).post('/api/rota', { date: '2025-09-22', slots: [people['Teacher A'], me.staffId] }).expect(201);

    const added = await as(me.token)
      .post('/api/staff-unavailability', { staffId: me.staffId, startDate: '2025-09-15', endDate: '2025-09-15', reason: 'Dentist', type: 'personal' })
      .expect(201);
    expect(added.body.cancelledDuties).toBe(1);
    const id = added.body.unavailability.id as string;

    const res = await as(me.token)
      .put(`/api/staff-unavailability/${id}`, { startDate: '2025-09-17', endDate: '2025-09-22', reason: 'Course', type: 'training' })
      .expect(200);
    expect(res.body).toEqual({
      unavailability: { id, staffId: me.staffId, startDate: '2025-09-17', endDate: '2025-09-22', reason: 'Course', type: 'training', createdAt: expect.any(String) },
      cancelledDuties: 2,
      refilledDuties: 2,
      message: 'Unavailability period updated. 2 duty assignments in the new dates cancelled and all refilled.',
    });
    // Each slot they held has someone else in it; the 17th's second slot was empty before.
    for (const [date, held] of [['2025-09-17', 1], ['2025-09-22', 2]] as const) {
      const day = await dayOf(admin, date);
      expect({ date, day }).toEqual({ date, day: expect.not.arrayContaining([me.staffId]) });
      expect({ date, filled: day.filter(Boolean).length }).toEqual({ date, filled: held });
    }
    // The 15th is no longer covered, but the duty taken off it stays with whoever has it now.
    expect(await dayOf(admin, '2025-09-15')).not.toContain(me.staffId);
    const cancels = (await as(admin.token).get('/api/cancel-requests').expect(200)).body as { date: string; status: string; reason: string }[];
    expect(cancels.map((c) => [c.date, c.status, c.reason]).sort()).toEqual([
      ['2025-09-15', 'approved', 'Personal: Dentist'],
      ['2025-09-17', 'approved', 'Training: Course'],
      ['2025-09-22', 'approved', 'Training: Course'],
    ]);
    const list = (await as(me.token).get(`/api/staff-unavailability/${me.staffId}`).expect(200)).body;
    expect(list).toEqual([expect.objectContaining({ id, startDate: '2025-09-17', endDate: '2025-09-22', type: 'training', reason: 'Course' })]);
    const log = (await as(admin.token).get('/api/audit-log?page=1&pageSize=5').expect(200)).body as { items: { action: string; summary: string }[] };
    expect(log.items[0]).toMatchObject({
      action: 'unavailability.updated',
      summary: expect.stringContaining('Sam Staff unavailable'),
    });
  });

  it('keeps the type when it is left out', async () => {
    const { me } = await school();
    const added = await as(me.token)
      .post('/api/staff-unavailability', { staffId: me.staffId, startDate: '2025-10-06', endDate: '2025-10-06', reason: 'Flu', type: 'sick' })
      .expect(201);
    const res = await as(me.token)
      .put(`/api/staff-unavailability/${added.body.unavailability.id}`, { startDate: '2025-10-06', endDate: '2025-10-07', reason: 'Flu' })
      .expect(200);
    expect(res.body.unavailability).toMatchObject({ type: 'sick', endDate: '2025-10-07' });
    expect(res.body.message).toBe('Unavailability period updated.');
  });

  it('is checked like a new period, and staff change only their own: refusals change nothing', async () => {
    const { admin, me, people } = await school();
    const mine = await as(me.token)
      .post('/api/staff-unavailability', { staffId: me.staffId, startDate: '2025-10-06', endDate: '2025-10-10', reason: 'Holiday' })
      .expect(201);
    await as(me.token)
      .post('/api/staff-unavailability', { staffId: me.staffId, startDate: '2025-11-03', endDate: '2025-11-07', reason: 'Wedding' })
      .expect(201);
    const theirs = await as(admin.token)
      .post('/api/staff-unavailability', { staffId: people['Teacher A'], startDate: '2025-10-06', endDate: '2025-10-06', reason: 'Course' })
      .expect(201);
    const id = mine.body.unavailability.id as string;
    const change = { startDate: '2025-10-06', endDate: '2025-10-10', reason: 'Holiday' };

    const before = await snapshotDatabase(t);
    const cases: [string, string, Record<string, unknown>, number, string][] = [
      [me.token, id, { endDate: '2025-10-03' }, 400, 'End date must be after start date'],
      [me.token, id, { reason: ' ' }, 400, 'Please fill in all required fields'],
      [me.token, id, { startDate: '2025-13-01' }, 400, 'Start date must be a real date written as yyyy-MM-dd'],
      [me.token, id, { type: 'holiday' }, 400, 'Type must be one of: annual_leave, sick, training, personal'],
      [me.token, id, { endDate: '2028-01-01' }, 400, 'An unavailability period can cover at most two years'],
      [
        me.token,
        id,
        { endDate: '2025-11-04' },
        409,
        'Sam Staff is already unavailable from Monday 3 November 2025 to Friday 7 November 2025 (Annual Leave); change that period instead',
      ],
      [me.token, theirs.body.unavailability.id as string, {}, 403, 'You can only manage your own unavailability'],
      [me.token, '00000000-0000-4000-8000-000000000000', {}, 404, 'Unavailability period not found'],
    ];
    for (const [token, target, body, status, message] of cases) {
      const res = await as(token).put(`/api/staff-unavailability/${target}`, { ...change, ...body });
      expect({ body, status: res.status, message: res.body.message }).toEqual({ body, status, message: expect.stringContaining(message) });
    }
    expect(await snapshotDatabase(t)).toEqual(before);

    // Changing a period within its own dates is no overlap with itself.
    await as(me.token).put(`/api/staff-unavailability/${id}`, { ...change, startDate: '2025-10-07' }).expect(200);
  });
});
