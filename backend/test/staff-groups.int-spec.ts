import { registerOrganization } from './support/accounts';
import { asUser, sqlOf } from './support/http';
import { memberWithRole } from './support/members';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * Staff groups (docs/product.md#staff-groups): the admin names groups and puts people in them;
 * everyone signed in may read them; names are unique without case; another organisation's groups
 * and staff are invisible and a refused change writes nothing; every change is audited.
 */
describe('staff groups', () => {
  let t: TestApp;
  let sql: (query: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

  beforeAll(async () => {
    t = await createTestApp();
    sql = sqlOf(t);
  });
  afterAll(() => t.close());

  async function school() {
    const admin = await registerOrganization(t);
    const as = (token: string) => asUser(t, token);
    const api = as(admin.token);
    let n = 0;
    const person = async (name: string) => (await api.post('/api/staff', { name, email: `person-${(n += 1)}-${admin.subdomain}@example.com` }).expect(201)).body.id as string;
    return { admin, api, as, person };
  }

  it('names a group with its people, renames it, changes its people and deletes it, each audited', async () => {
    const { api, person } = await school();
    const zoe = await person('Zoë Head');
    const amir = await person('Amir Deputy');
    const bea = await person('Bea First');

    const created = (await api.post('/api/staff-groups', { name: '  SLT ', memberIds: [zoe, amir, zoe] }).expect(201)).body;
    expect(created).toEqual({
      id: expect.any(String),
      name: 'SLT',
      members: [
        { id: amir, name: 'Amir Deputy' },
        { id: zoe, name: 'Zoë Head' },
      ],
    });
    await api.post('/api/staff-groups', { name: 'First aiders', memberIds: [bea] }).expect(201);
    expect((await api.get('/api/staff-groups').expect(200)).body.map((g: { name: string }) => g.name)).toEqual(['First aiders', 'SLT']);

    const renamed = (await api.put(`/api/staff-groups/${created.id}`, { name: 'Senior leaders', memberIds: [bea] }).expect(200)).body;
    // People left the group, but nobody was on a duty open to it: the rota is untouched.
    expect(renamed).toEqual({
      id: created.id,
      name: 'Senior leaders',
      members: [{ id: bea, name: 'Bea First' }],
      rotaChange: expect.objectContaining({ removedDuties: 0, message: 'No planned duties were affected.' }),
    });
    // A field left out is unchanged.
    expect((await api.put(`/api/staff-groups/${created.id}`, { memberIds: [bea, zoe] }).expect(200)).body.name).toBe('Senior leaders');

    expect((await api.delete(`/api/staff-groups/${created.id}`).expect(200)).body).toEqual({ rotaChange: expect.objectContaining({ removedDuties: 0 }) });
    expect((await api.get('/api/staff-groups').expect(200)).body.map((g: { name: string }) => g.name)).toEqual(['First aiders']);
    // The people stay on the staff.
    expect((await api.get('/api/staff').expect(200)).body.map((s: { id: string }) => s.id)).toEqual(expect.arrayContaining([zoe, amir, bea]));

    const log = (await api.get('/api/audit-log?pageSize=20').expect(200)).body.items as { action: string; summary: string }[];
    expect(log.filter((e) => e.action.startsWith('staff-group.')).map((e) => [e.action, e.summary])).toEqual([
      ['staff-group.deleted', "Deleted the staff group 'Senior leaders'"],
      ['staff-group.updated', "Changed the staff group 'Senior leaders': Bea First, Zoë Head"],
      ['staff-group.updated', "Changed the staff group 'Senior leaders' (was 'SLT'): Bea First"],
      ['staff-group.created', "Added the staff group 'First aiders': Bea First"],
      ['staff-group.created', "Added the staff group 'SLT': Amir Deputy, Zoë Head"],
    ]);
  });

  it('refuses a name another group has in any case, an empty or over-long name, and people who are not on the staff, writing nothing', async () => {
    const { api, person } = await school();
    const zoe = await person('Zoë Head');
    const slt = (await api.post('/api/staff-groups', { name: 'SLT' }).expect(201)).body.id as string;
    expect((await api.post('/api/staff-groups', { name: 'slt' }).expect(409)).body.message).toBe("A staff group named 'slt' already exists");
    const other = (await api.post('/api/staff-groups', { name: 'Others' }).expect(201)).body.id as string;
    expect((await api.put(`/api/staff-groups/${other}`, { name: 'Slt' }).expect(409)).body.message).toBe("A staff group named 'Slt' already exists");
    expect((await api.post('/api/staff-groups', { name: '   ' }).expect(400)).body.message).toContain('Group name is required');
    expect((await api.post('/api/staff-groups', { name: 'x'.repeat(61) }).expect(400)).body.message).toContain('Group name must be at most 60 characters');
    expect((await api.post('/api/staff-groups', { name: 'Bad', memberIds: ['nope'] }).expect(400)).body.message).toContain("Each member must be a staff member's id");

    const { person: personOfB } = await school();
    const stranger = await personOfB('Sam Stranger');
    await api.put(`/api/staff-groups/${slt}`, { memberIds: [zoe, stranger] }).expect(404);
    await api.post('/api/staff-groups', { name: 'With a stranger', memberIds: [stranger] }).expect(404);
    const groups = (await api.get('/api/staff-groups').expect(200)).body as { name: string; members: unknown[] }[];
    expect(groups.map((g) => [g.name, g.members.length])).toEqual([
      ['Others', 0],
      ['SLT', 0],
    ]);
  });

  it('answers one of several admins naming the same group at once with the group and the others with 409, never a 500', async () => {
    const { api } = await school();
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => api.post('/api/staff-groups', { name: i % 2 ? 'Lunch team' : 'LUNCH TEAM' })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    for (const refused of answers.filter((a) => a.status === 409)) expect(refused.body.message).toMatch(/^A staff group named '(Lunch team|LUNCH TEAM)' already exists$/);
  });

  it("lets staff and managers read the groups but only the admin change them; another school's group is not found", async () => {
    const { admin, api, as } = await school();
    const slt = (await api.post('/api/staff-groups', { name: 'SLT' }).expect(201)).body.id as string;
    const manager = await memberWithRole(t, admin, 'manager');
    const staff = await memberWithRole(t, admin, 'staff');
    expect((await as(staff.token).get('/api/staff-groups').expect(200)).body).toHaveLength(1);
    expect((await as(manager.token).post('/api/staff-groups', { name: 'Mine' }).expect(403)).body.message).toBe("You don't have permission to manage staff groups");
    await as(manager.token).delete(`/api/staff-groups/${slt}`).expect(403);

    const b = await school();
    await b.api.put(`/api/staff-groups/${slt}`, { name: 'Taken over' }).expect(404);
    await b.api.delete(`/api/staff-groups/${slt}`).expect(404);
    expect((await api.get('/api/staff-groups').expect(200)).body.map((g: { name: string }) => g.name)).toEqual(['SLT']);
  });

  it('lets a person leave every group when their staff record goes', async () => {
    const { api, person } = await school();
    const zoe = await person('Zoë Head');
    const slt = (await api.post('/api/staff-groups', { name: 'SLT', memberIds: [zoe] }).expect(201)).body.id as string;
    await sql('delete from staff where id = ?', [zoe]);
    expect((await api.get('/api/staff-groups').expect(200)).body).toEqual([{ id: slt, name: 'SLT', members: [] }]);
  });
});
