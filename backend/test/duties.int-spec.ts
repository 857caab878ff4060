import { MikroORM, RequestContext } from '@mikro-orm/core';
import { DutiesService } from '../src/modules/duties/duties.service';
import { TenantContext } from '../src/tenancy/tenant-context';
import { bearer, registerOrganization } from './support/accounts';
import { memberWithRole } from './support/members';
import { asUser, sqlOf } from './support/http';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * Duties (docs/product.md#duties). Every school has the Duty Manager duty: a new one from its
 * first statement, whoever creates the organisation, and its people per day follow the settings.
 * Admins and managers define, change, order, pause, delete and start from templates the others;
 * changes that can break planned assignments are changes of facts; every change is audited;
 * another school's duties are not found and stay as they were.
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
        sortOrder: 0,
        groupIds: [],
        staffIds: [],
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
    const rows = await sql(`select name, name_key, is_duty_manager, weight from duties where organization_id = ?`, [org!.id]);
    expect(rows).toEqual([{ name: 'Duty Manager', name_key: 'duty manager', is_duty_manager: true, weight: 60 }]);
    // Without a settings row yet, the planner reads the defaults.
    const planning = await TenantContext.run(org!.id as string, () =>
      RequestContext.create(t.get(MikroORM).em, () => t.get(DutiesService).planningDuties()),
    );
    expect(planning).toEqual({
      duties: [
        {
          id: expect.any(String),
          isDutyManager: true,
          name: 'Duty Manager',
          place: null,
          startTime: null,
          endTime: null,
          weight: 60,
          pairsTeaching: true,
          needs: [2, 2, 2, 2, 2],
          eligible: 'everyone',
          allowedStaffIds: [],
        },
      ],
      rules: { maxDutiesPerDay: 1, allDayDutiesCount: true, mixMode: 'when_fair' },
    });
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

  async function school() {
    const admin = await registerOrganization(t);
    const as = (token: string) => asUser(t, token);
    const api = as(admin.token);
    let n = 0;
    const person = async (name: string) =>
      (await api.post('/api/staff', { name, email: `person-${(n += 1)}-${admin.subdomain}@example.com` }).expect(201)).body.id as string;
    const [org] = await sql('select id from organizations where subdomain = ?', [admin.subdomain]);
    const inOrg = <T>(fn: () => Promise<T>) => TenantContext.run(org!.id as string, () => RequestContext.create(t.get(MikroORM).em, fn));
    const duties = async () => (await api.get('/api/duties').expect(200)).body as DutyBody[];
    const dutyManager = async () => (await duties()).find((d) => d.isDutyManager)!;
    const log = async (prefix: string) =>
      ((await api.get('/api/audit-log?pageSize=50').expect(200)).body.items as { action: string; summary: string; kind: string }[])
        .filter((e) => e.action.startsWith(prefix))
        .map((e) => [e.kind, e.action, e.summary]);
    return { admin, api, as, person, org: org!.id as string, inOrg, duties, dutyManager, log };
  }

  interface DutyBody {
    id: string;
    isDutyManager: boolean;
    name: string;
    place: string | null;
    description: string;
    startTime: string | null;
    endTime: string | null;
    weekdays: { weekday: number; people: number }[];
    eligible: string;
    weight: number;
    pairsTeaching: boolean;
    paused: boolean;
    sortOrder: number;
    groupIds: string[];
    staffIds: string[];
  }

  const LUNCH_FIELD = {
    name: '  Lunch — Field ',
    place: 'Field',
    description: 'Walk the field.\nWhistle at 12:55.',
    startTime: '12:15',
    endTime: '13:00',
    weekdays: [
      { weekday: 3, people: 1 },
      { weekday: 1, people: 2 },
    ],
  };

  it('defines a duty with its place, window, weekdays and people, lists it after the others and audits it', async () => {
    const { api, duties, log } = await school();
    const saved = (await api.post('/api/duties', LUNCH_FIELD).expect(201)).body;
    expect(saved).toEqual({
      duty: {
        id: expect.any(String),
        isDutyManager: false,
        name: 'Lunch — Field',
        place: 'Field',
        description: 'Walk the field.\nWhistle at 12:55.',
        startTime: '12:15',
        endTime: '13:00',
        weekdays: [
          { weekday: 1, people: 2 },
          { weekday: 3, people: 1 },
        ],
        eligible: 'everyone',
        weight: 45,
        pairsTeaching: false,
        paused: false,
        sortOrder: 1,
        groupIds: [],
        staffIds: [],
      },
      rotaChange: null,
    });
    const allDay = (
      await api.post('/api/duties', { name: 'First aid cover', weekdays: [{ weekday: 5, people: 1 }], weight: 30, pairsTeaching: true }).expect(201)
    ).body.duty;
    expect(allDay).toMatchObject({ startTime: null, endTime: null, weight: 30, pairsTeaching: true, place: null, description: '', sortOrder: 2 });
    const noWeight = (await api.post('/api/duties', { name: 'Cover', weekdays: [{ weekday: 2, people: 1 }] }).expect(201)).body.duty;
    expect(noWeight.weight).toBe(60);
    expect((await duties()).map((d) => d.name)).toEqual(['Duty Manager', 'Lunch — Field', 'First aid cover', 'Cover']);
    expect(await log('duty.')).toEqual([
      ['duty', 'duty.created', "Added the duty 'Cover' (all day, Tue 1)"],
      ['duty', 'duty.created', "Added the duty 'First aid cover' (all day, Fri 1)"],
      ['duty', 'duty.created', "Added the duty 'Lunch — Field' (12:15–13:00, Mon 2, Wed 1)"],
    ]);
  });

  it('refuses bad fields with a clear message each, writing nothing', async () => {
    const { api, duties } = await school();
    const ok = { name: 'Gate', weekdays: [{ weekday: 1, people: 1 }] };
    const refused = async (body: object, message: string) => {
      const res = await api.post('/api/duties', body).expect(400);
      expect({ body, messages: [res.body.message].flat() }).toEqual({ body, messages: expect.arrayContaining([message]) });
    };
    await refused({ ...ok, name: '   ' }, 'Duty name is required');
    await refused({ ...ok, name: 'x'.repeat(101) }, 'Duty name must be at most 100 characters');
    await refused({ ...ok, place: 'p'.repeat(101) }, 'The place must be at most 100 characters');
    await refused({ ...ok, description: 'd'.repeat(2001) }, 'The description must be at most 2,000 characters');
    await refused({ ...ok, startTime: '08:30' }, 'Give the end time as HH:mm, such as 13:00, or leave both times out for an all-day duty');
    await refused(
      { ...ok, startTime: '8:30', endTime: '09:00' },
      'Give the start time as HH:mm, such as 12:30, or leave both times out for an all-day duty',
    );
    await refused({ ...ok, startTime: '09:00', endTime: '09:00' }, 'The end time must be after the start time');
    const weekdays = 'Give the weekdays the duty runs on (1 to 5 of them, Monday to Friday), each once, with the people it needs';
    await refused({ ...ok, weekdays: [] }, weekdays);
    await refused({ name: 'Gate' }, weekdays);
    await refused(
      {
        ...ok,
        weekdays: [
          { weekday: 2, people: 1 },
          { weekday: 2, people: 2 },
        ],
      },
      weekdays,
    );
    await refused({ ...ok, weekdays: [{ weekday: 6, people: 1 }] }, 'Each weekday must be 1 (Monday) to 5 (Friday)');
    await refused({ ...ok, weekdays: [{ weekday: 1, people: 11 }] }, 'People per day must be a whole number from 1 to 10');
    await refused({ ...ok, weekdays: [{ weekday: 1, people: 0 }] }, 'People per day must be a whole number from 1 to 10');
    await refused({ ...ok, eligible: 'governors' }, 'Who may take the duty (eligible) must be everyone, teaching, non_teaching or listed');
    await refused({ ...ok, weight: 0 }, 'The weight must be a whole number from 1 to 600 (minutes)');
    await refused({ ...ok, weight: 601 }, 'The weight must be a whole number from 1 to 600 (minutes)');
    await refused({ ...ok, groupIds: ['nope'], eligible: 'listed' }, "Each of the staff groups (groupIds) must be a staff group's id");
    expect((await api.post('/api/duties', { ...ok, eligible: 'listed' }).expect(400)).body.message).toBe(
      'Name at least one staff group or person who may take the duty',
    );
    const zed = (await api.post('/api/staff', { name: 'Zed', email: `zed-${Date.now()}@example.com` }).expect(201)).body.id as string;
    expect((await api.post('/api/duties', { ...ok, staffIds: [zed] }).expect(400)).body.message).toBe(
      'Staff groups and people are named only for a duty whose eligible is listed',
    );
    expect((await duties()).map((d) => d.name)).toEqual(['Duty Manager']);
  });

  it('lets a duty list staff groups and people, all of this school; another school’s are not found', async () => {
    const { api, person, inOrg } = await school();
    const zoe = await person('Zoë Head');
    const amir = await person('Amir Deputy');
    const bea = await person('Bea First');
    const slt = (await api.post('/api/staff-groups', { name: 'SLT', memberIds: [zoe, amir] }).expect(201)).body.id as string;
    const listed = (await api.post('/api/duties', { ...LUNCH_FIELD, eligible: 'listed', groupIds: [slt], staffIds: [bea, bea] }).expect(201)).body
      .duty;
    expect(listed).toMatchObject({ eligible: 'listed', groupIds: [slt], staffIds: [bea] });

    const other = await school();
    const stranger = await other.person('Sam Stranger');
    const theirGroup = (await other.api.post('/api/staff-groups', { name: 'Theirs' }).expect(201)).body.id as string;
    expect((await api.put(`/api/duties/${listed.id}`, { staffIds: [stranger] }).expect(404)).body.message).toBe('Staff member not found');
    expect((await api.put(`/api/duties/${listed.id}`, { groupIds: [theirGroup] }).expect(404)).body.message).toBe('Staff group not found');
    expect(
      (
        await api
          .post('/api/duties', { name: 'Theirs too', weekdays: [{ weekday: 1, people: 1 }], eligible: 'listed', groupIds: [theirGroup] })
          .expect(404)
      ).body.message,
    ).toBe('Staff group not found');
    const now = (await api.get('/api/duties').expect(200)).body.find((d: DutyBody) => d.id === listed.id);
    expect(now).toMatchObject({ groupIds: [slt], staffIds: [bea] });

    // The planner's read: every duty to plan, in order, with its needs and who may take it.
    await api
      .post('/api/duties', { name: 'Detention', startTime: '15:15', endTime: '16:15', weekdays: [{ weekday: 4, people: 1 }], eligible: 'teaching' })
      .expect(201);
    const paused = (await api.post('/api/duties', { name: 'Paused one', weekdays: [{ weekday: 4, people: 1 }] }).expect(201)).body.duty.id as string;
    await api.post(`/api/duties/${paused}/pause`).expect(200);
    await api.put('/api/duty-rules', { maxDutiesPerDay: 2, allDayDutiesCount: false }).expect(200);
    await api.post('/api/system-settings', { dutyManagersPerDay: 3, mixMode: 'always' }).expect(200);
    const planning = await inOrg(() => t.get(DutiesService).planningDuties());
    expect(planning).toEqual({
      duties: [
        {
          id: expect.any(String),
          isDutyManager: true,
          name: 'Duty Manager',
          place: null,
          startTime: null,
          endTime: null,
          weight: 60,
          pairsTeaching: true,
          needs: [3, 3, 3, 3, 3],
          eligible: 'everyone',
          allowedStaffIds: [],
        },
        {
          id: listed.id,
          isDutyManager: false,
          name: 'Lunch — Field',
          place: 'Field',
          startTime: '12:15',
          endTime: '13:00',
          weight: 45,
          pairsTeaching: false,
          needs: [2, 0, 1, 0, 0],
          eligible: 'listed',
          allowedStaffIds: [zoe, amir, bea].sort(),
        },
        {
          id: expect.any(String),
          isDutyManager: false,
          name: 'Detention',
          place: null,
          startTime: '15:15',
          endTime: '16:15',
          weight: 60,
          pairsTeaching: false,
          needs: [0, 0, 0, 1, 0],
          eligible: 'teaching',
          allowedStaffIds: [],
        },
      ],
      rules: { maxDutiesPerDay: 2, allDayDutiesCount: false, mixMode: 'always' },
    });
  });

  it('changes a duty: text alone is no rota change, its need, weekdays, times or who may take it are', async () => {
    const { api, person, log } = await school();
    const id = (await api.post('/api/duties', LUNCH_FIELD).expect(201)).body.duty.id as string;
    const text = (await api.put(`/api/duties/${id}`, { name: 'Lunch — Top field', place: null, description: '' }).expect(200)).body;
    expect(text).toMatchObject({ duty: { name: 'Lunch — Top field', place: null, description: '', weight: 45 }, rotaChange: null });

    const window = (await api.put(`/api/duties/${id}`, { startTime: '12:00', endTime: '13:00' }).expect(200)).body;
    // A weight left at its default follows the window.
    expect(window.duty).toMatchObject({ startTime: '12:00', endTime: '13:00', weight: 60 });
    expect(window.rotaChange).toEqual({ removedDuties: 0, refilledDuties: 0, filledDuties: 0, movedDuties: 0, dates: [], message: expect.any(String) });

    const fewer = (await api.put(`/api/duties/${id}`, { weekdays: [{ weekday: 1, people: 1 }] }).expect(200)).body;
    expect(fewer.duty.weekdays).toEqual([{ weekday: 1, people: 1 }]);
    expect(fewer.rotaChange).not.toBeNull();

    const bea = await person('Bea First');
    const listed = (await api.put(`/api/duties/${id}`, { eligible: 'listed', staffIds: [bea] }).expect(200)).body;
    expect(listed.duty).toMatchObject({ eligible: 'listed', staffIds: [bea], groupIds: [] });
    expect(listed.rotaChange).not.toBeNull();
    // Back to everyone: the list goes with it.
    expect((await api.put(`/api/duties/${id}`, { eligible: 'everyone' }).expect(200)).body.duty).toMatchObject({
      eligible: 'everyone',
      staffIds: [],
    });

    const allDay = (await api.put(`/api/duties/${id}`, { startTime: null, endTime: null, weight: 20, pairsTeaching: true }).expect(200)).body.duty;
    expect(allDay).toMatchObject({ startTime: null, endTime: null, weight: 20, pairsTeaching: true });
    expect((await api.put(`/api/duties/${id}`, { weight: 20 }).expect(200)).body.rotaChange).toBeNull();

    await api.put(`/api/duties/${id}`, { name: null }).expect(400);
    await api.put(`/api/duties/${id}`, { weekdays: null }).expect(400);
    expect((await api.put(`/api/duties/${id}`, { startTime: '10:00' }).expect(400)).body.message).toContain(
      'Give the end time as HH:mm, such as 13:00, or leave both times out for an all-day duty',
    );
    expect((await api.put(`/api/duties/${id}`, { startTime: null, endTime: '10:00' }).expect(400)).body.message).toContain(
      'Give the start time as HH:mm, such as 12:30, or leave both times out for an all-day duty',
    );
    expect((await api.put(`/api/duties/${id}`, { startTime: '11:00', endTime: '10:00' }).expect(400)).body.message).toContain(
      'The end time must be after the start time',
    );
    await api.put('/api/duties/00000000-0000-4000-8000-00000000abcd', { name: 'Nowhere' }).expect(404);
    await api.put('/api/duties/not-an-id', { name: 'Nowhere' }).expect(404);

    expect((await log('duty.updated')).map(([, , summary]) => summary)).toEqual([
      "Changed the duty 'Lunch — Top field'",
      "Changed the duty 'Lunch — Top field'",
      "Changed the duty 'Lunch — Top field'",
      "Changed the duty 'Lunch — Top field'",
      "Changed the duty 'Lunch — Top field'",
      "Changed the duty 'Lunch — Top field'",
      "Changed the duty 'Lunch — Top field' (was 'Lunch — Field')",
    ]);
  });

  it('keeps the Duty Manager duty’s name, all-day window, weekdays and mix, but takes its place, description, who and weight', async () => {
    const { api, dutyManager, person } = await school();
    const dm = await dutyManager();
    const message = async (body: object) => (await api.put(`/api/duties/${dm.id}`, body).expect(400)).body.message;
    expect(await message({ name: 'Head of day' })).toBe('The Duty Manager duty keeps its name');
    expect(await message({ startTime: '08:00', endTime: '16:00' })).toBe('The Duty Manager duty runs all day: it has no start or end time');
    expect(await message({ weekdays: [{ weekday: 1, people: 2 }] })).toBe(
      'The Duty Manager duty runs every weekday with the duty managers per day of the system settings: change that number there',
    );
    expect(await message({ pairsTeaching: false })).toBe('The Duty Manager duty always follows the teaching mix setting');
    expect((await api.post(`/api/duties/${dm.id}/pause`).expect(400)).body.message).toBe("The Duty Manager duty can't be paused");
    expect((await api.delete(`/api/duties/${dm.id}`).expect(400)).body.message).toBe("The Duty Manager duty can't be deleted");
    expect(await dutyManager()).toEqual(dm);

    const zoe = await person('Zoë Head');
    const saved = (
      await api
        .put(`/api/duties/${dm.id}`, {
          name: 'Duty Manager',
          place: 'Office',
          description: 'Carry the radio.',
          weight: 90,
          eligible: 'listed',
          staffIds: [zoe],
          weekdays: dm.weekdays,
          pairsTeaching: true,
        })
        .expect(200)
    ).body;
    expect(saved.duty).toEqual({ ...dm, place: 'Office', description: 'Carry the radio.', weight: 90, eligible: 'listed', staffIds: [zoe] });
    expect(saved.rotaChange).not.toBeNull();
  });

  it('pauses, resumes and deletes a duty: pause and delete are rota changes, the name is free again, each audited', async () => {
    const { api, duties, log, org } = await school();
    const id = (await api.post('/api/duties', LUNCH_FIELD).expect(201)).body.duty.id as string;
    const paused = (await api.post(`/api/duties/${id}/pause`).expect(200)).body;
    expect(paused.duty.paused).toBe(true);
    expect(paused.rotaChange).toEqual({ removedDuties: 0, refilledDuties: 0, filledDuties: 0, movedDuties: 0, dates: [], message: expect.any(String) });
    // Pausing a paused duty changes nothing.
    expect((await api.post(`/api/duties/${id}/pause`).expect(200)).body.rotaChange).toBeNull();
    const resumed = (await api.post(`/api/duties/${id}/resume`).expect(200)).body;
    expect(resumed).toMatchObject({ duty: { paused: false }, rotaChange: null });

    const deleted = (await api.delete(`/api/duties/${id}`).expect(200)).body;
    expect(deleted.rotaChange).toEqual({ removedDuties: 0, refilledDuties: 0, filledDuties: 0, movedDuties: 0, dates: [], message: expect.any(String) });
    expect((await duties()).map((d) => d.name)).toEqual(['Duty Manager']);
    await api.put(`/api/duties/${id}`, { place: 'Back' }).expect(404);
    await api.post(`/api/duties/${id}/resume`).expect(404);
    await api.delete(`/api/duties/${id}`).expect(404);
    // The row stays for the past; its name is free again.
    expect(await sql('select name, name_key, archived_at is not null as archived from duties where id = ?', [id])).toEqual([
      { name: 'Lunch — Field', name_key: null, archived: true },
    ]);
    await api.post('/api/duties', LUNCH_FIELD).expect(201);
    expect(await sql('select count(*)::int as n from duties where organization_id = ?', [org])).toEqual([{ n: 3 }]);

    expect(await log('duty.')).toEqual([
      ['duty', 'duty.created', "Added the duty 'Lunch — Field' (12:15–13:00, Mon 2, Wed 1)"],
      ['duty', 'duty.deleted', "Deleted the duty 'Lunch — Field'"],
      ['duty', 'duty.resumed', "Resumed the duty 'Lunch — Field'"],
      ['duty', 'duty.paused', "Paused the duty 'Lunch — Field'"],
      ['duty', 'duty.created', "Added the duty 'Lunch — Field' (12:15–13:00, Mon 2, Wed 1)"],
    ]);
  });

  it('puts the duties in the school’s order, which must list each duty once', async () => {
    const { api, duties, log } = await school();
    const a = (await api.post('/api/duties', { name: 'A', weekdays: [{ weekday: 1, people: 1 }] }).expect(201)).body.duty.id as string;
    const b = (await api.post('/api/duties', { name: 'B', weekdays: [{ weekday: 1, people: 1 }] }).expect(201)).body.duty.id as string;
    const c = (await api.post('/api/duties', { name: 'C', weekdays: [{ weekday: 1, people: 1 }] }).expect(201)).body.duty.id as string;
    await api.post(`/api/duties/${b}/pause`).expect(200);
    const dm = (await duties())[0]!.id;
    const ordered = (await api.post('/api/duties/order', { dutyIds: [c, dm, b, a] }).expect(200)).body as DutyBody[];
    expect(ordered.map((d) => [d.name, d.sortOrder])).toEqual([
      ['C', 0],
      ['Duty Manager', 1],
      ['B', 2],
      ['A', 3],
    ]);
    const message = "The order (dutyIds) must list each of the school's duties once, by its id";
    expect((await api.post('/api/duties/order', { dutyIds: [c, dm, b] }).expect(400)).body.message).toBe(message);
    expect((await api.post('/api/duties/order', { dutyIds: [c, dm, b, a, a] }).expect(400)).body.message).toBe(message);
    const other = await school();
    const theirs = (await other.duties())[0]!.id;
    expect((await api.post('/api/duties/order', { dutyIds: [c, theirs, b, a] }).expect(400)).body.message).toBe(message);
    expect((await other.api.post('/api/duties/order', { dutyIds: [c, dm, b, a] }).expect(400)).body.message).toBe(message);
    expect((await api.post('/api/duties/order', { dutyIds: ['x'] }).expect(400)).body.message).toContain(message);
    expect((await duties()).map((d) => d.name)).toEqual(['C', 'Duty Manager', 'B', 'A']);
    // A new duty comes last.
    await api.post('/api/duties', { name: 'D', weekdays: [{ weekday: 1, people: 1 }] }).expect(201);
    expect((await duties()).map((d) => d.name)).toEqual(['C', 'Duty Manager', 'B', 'A', 'D']);
    expect(await log('duty.reordered')).toEqual([['duty', 'duty.reordered', 'Put the duties in a new order: C, Duty Manager, B, A']]);
  });

  it('starts a school from a template, skipping a duty whose name it has', async () => {
    const { api, duties, log } = await school();
    const templates = (await api.get('/api/duty-templates').expect(200)).body as {
      key: string;
      name: string;
      duties: { name: string; weight: number }[];
    }[];
    expect(templates.map((tpl) => [tpl.key, tpl.name, tpl.duties.length])).toEqual([
      ['primary', 'Primary school', 5],
      ['secondary', 'Secondary school', 16],
    ]);
    expect(templates[0]!.duties.map((d) => [d.name, d.weight])).toEqual([
      ['Gate before school', 20],
      ['Break — Playground', 15],
      ['Lunch — Hall', 30],
      ['Lunch — Playground', 30],
      ['After school — Gate', 15],
    ]);
    await api.post('/api/duties', { name: 'lunch — hall', weekdays: [{ weekday: 1, people: 1 }] }).expect(201);
    const applied = (await api.post('/api/duty-templates/primary/apply').expect(200)).body;
    expect(applied).toEqual({
      added: ['Gate before school', 'Break — Playground', 'Lunch — Playground', 'After school — Gate'],
      skipped: ['Lunch — Hall'],
    });
    const list = await duties();
    expect(list.map((d) => d.name)).toEqual([
      'Duty Manager',
      'lunch — hall',
      'Gate before school',
      'Break — Playground',
      'Lunch — Playground',
      'After school — Gate',
    ]);
    expect(list.find((d) => d.name === 'Break — Playground')).toMatchObject({
      place: 'Playground',
      startTime: '10:30',
      endTime: '10:45',
      weekdays: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, people: 2 })),
    });
    expect((await api.post('/api/duty-templates/primary/apply').expect(200)).body.added).toEqual([]);
    expect((await api.post('/api/duty-templates/nursery/apply').expect(404)).body.message).toBe('Duty template not found');
    const secondary = (await api.post('/api/duty-templates/secondary/apply').expect(200)).body;
    expect(secondary.added).toHaveLength(16);
    expect((await duties()).find((d) => d.name === 'Detention')).toMatchObject({
      eligible: 'teaching',
      weekdays: [
        { weekday: 2, people: 1 },
        { weekday: 4, people: 1 },
      ],
    });
    expect((await log('duty.template-applied')).map(([, , summary]) => summary)).toEqual([
      'Applied the Secondary school template: added 16 duties',
      "Applied the Primary school template: added 0 duties, skipped 'Gate before school', 'Break — Playground', 'Lunch — Hall', 'Lunch — Playground', 'After school — Gate' (the school has them)",
      "Applied the Primary school template: added 4 duties, skipped 'Lunch — Hall' (the school has it)",
    ]);
  });

  it('keeps the daily rules apart from the system settings; a stricter rule is a rota change', async () => {
    const { admin, api, as, log } = await school();
    const settingsBefore = (await api.get('/api/system-settings').expect(200)).text;
    const staff = await memberWithRole(t, admin, 'staff');
    const manager = await memberWithRole(t, admin, 'manager');
    expect((await as(staff.token).get('/api/duty-rules').expect(200)).body).toEqual({ maxDutiesPerDay: 1, allDayDutiesCount: true });
    expect((await as(manager.token).put('/api/duty-rules', { maxDutiesPerDay: 2 }).expect(403)).body.message).toBe(
      "You don't have permission to change system settings",
    );

    const raised = (await api.put('/api/duty-rules', { maxDutiesPerDay: 3, allDayDutiesCount: false }).expect(200)).body;
    expect(raised).toEqual({ rules: { maxDutiesPerDay: 3, allDayDutiesCount: false }, rotaChange: null });
    const lowered = (await api.put('/api/duty-rules', { maxDutiesPerDay: 2 }).expect(200)).body;
    expect(lowered.rules).toEqual({ maxDutiesPerDay: 2, allDayDutiesCount: false });
    expect(lowered.rotaChange).toEqual({ removedDuties: 0, refilledDuties: 0, filledDuties: 0, movedDuties: 0, dates: [], message: expect.any(String) });
    expect((await api.put('/api/duty-rules', { allDayDutiesCount: true }).expect(200)).body.rotaChange).not.toBeNull();
    expect((await api.put('/api/duty-rules', {}).expect(200)).body).toEqual({
      rules: { maxDutiesPerDay: 2, allDayDutiesCount: true },
      rotaChange: null,
    });
    for (const bad of [{ maxDutiesPerDay: 0 }, { maxDutiesPerDay: 6 }, { maxDutiesPerDay: 1.5 }, { maxDutiesPerDay: null }]) {
      expect((await api.put('/api/duty-rules', bad).expect(400)).body.message).toContain('Max duties per day must be a whole number from 1 to 5');
    }
    expect((await api.put('/api/duty-rules', { allDayDutiesCount: 'yes' }).expect(400)).body.message).toContain(
      'allDayDutiesCount must be true or false',
    );

    expect((await api.get('/api/system-settings').expect(200)).text).toBe(settingsBefore);
    expect(await log('settings.duty-rules')).toEqual([
      ['settings', 'settings.duty-rules', 'Set the duty rules: at most 2 duties a day, all-day duties counted'],
      ['settings', 'settings.duty-rules', 'Set the duty rules: at most 2 duties a day, all-day duties not counted'],
      ['settings', 'settings.duty-rules', 'Set the duty rules: at most 3 duties a day, all-day duties not counted'],
    ]);
  });

  it('lets managers and admins manage duties, staff only read them; another school’s duty is not found and stays as it was', async () => {
    const { admin, as, duties } = await school();
    const staff = await memberWithRole(t, admin, 'staff');
    const manager = await memberWithRole(t, admin, 'manager');
    const denied = "You don't have permission to manage duties";
    expect((await as(staff.token).post('/api/duties', LUNCH_FIELD).expect(403)).body.message).toBe(denied);
    await as(staff.token).get('/api/duty-templates').expect(403);
    const id = (await as(manager.token).post('/api/duties', LUNCH_FIELD).expect(201)).body.duty.id as string;
    await as(staff.token).put(`/api/duties/${id}`, { place: 'Mine' }).expect(403);
    await as(staff.token).post(`/api/duties/${id}/pause`).expect(403);
    await as(staff.token).delete(`/api/duties/${id}`).expect(403);
    await as(manager.token).put(`/api/duties/${id}`, { place: 'Lower field' }).expect(200);
    expect((await as(staff.token).get('/api/duties').expect(200)).body).toHaveLength(2);

    const before = await duties();
    const b = await school();
    for (const res of [
      await b.api.put(`/api/duties/${id}`, { name: 'Taken over' }),
      await b.api.post(`/api/duties/${id}/pause`),
      await b.api.post(`/api/duties/${id}/resume`),
      await b.api.delete(`/api/duties/${id}`),
    ]) {
      expect({ status: res.status, message: res.body.message }).toEqual({ status: 404, message: 'Duty not found' });
    }
    const dmOfA = before[0]!.id;
    await b.api.put(`/api/duties/${dmOfA}`, { place: 'Elsewhere' }).expect(404);
    expect(await duties()).toEqual(before);
    expect((await b.duties()).map((d) => d.name)).toEqual(['Duty Manager']);
    await t.http().post('/api/duties').send(LUNCH_FIELD).expect(401);
  });

  it('answers one of several managers naming the same duty at once with the duty and the others with 409, never a 500', async () => {
    const { api, duties } = await school();
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => api.post('/api/duties', { name: i % 2 ? 'Buses' : 'BUSES', weekdays: [{ weekday: 1, people: 1 }] })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    for (const refused of answers.filter((a) => a.status === 409))
      expect(refused.body.message).toMatch(/^A duty named '(Buses|BUSES)' already exists$/);
    expect((await api.post('/api/duties', { name: 'buses', weekdays: [{ weekday: 1, people: 1 }] }).expect(409)).body.message).toBe(
      "A duty named 'buses' already exists",
    );
    // The Duty Manager duty's name is taken too.
    expect((await api.post('/api/duties', { name: 'DUTY MANAGER', weekdays: [{ weekday: 1, people: 1 }] }).expect(409)).body.message).toBe(
      "A duty named 'DUTY MANAGER' already exists",
    );
    const other = (await api.post('/api/duties', { name: 'Gate', weekdays: [{ weekday: 1, people: 1 }] }).expect(201)).body.duty.id as string;
    expect((await api.put(`/api/duties/${other}`, { name: 'BuSeS' }).expect(409)).body.message).toBe("A duty named 'BuSeS' already exists");
    expect((await api.put(`/api/duties/${(await duties())[0]!.id}`, { place: 'x' }).expect(200)).body.duty.name).toBe('Duty Manager');
    expect((await duties()).map((d) => d.name)).toEqual(['Duty Manager', expect.stringMatching(/^(Buses|BUSES)$/), 'Gate']);
  });

  it('holds a duty’s slots to the people it needs on the slot’s weekday, whatever writes them', async () => {
    const { api, person, org } = await school();
    const ann = await person('Ann');
    const bob = await person('Bob');
    const id = (await api.post('/api/duties', LUNCH_FIELD).expect(201)).body.duty.id as string;
    // Monday 2 people, Wednesday 1, Tuesday none.
    const [day] = await sql(`insert into rota_days (id, organization_id, date) values (gen_random_uuid(), ?, '2030-01-07') returning id`, [org]);
    const [tuesday] = await sql(`insert into rota_days (id, organization_id, date) values (gen_random_uuid(), ?, '2030-01-08') returning id`, [org]);
    const slot = (dayId: string, date: string, position: number, staffId: string) =>
      sql(
        `insert into rota_slots (id, organization_id, rota_day_id, date, position, staff_id, duty_id) values (gen_random_uuid(), ?, ?, ?, ?, ?, ?)`,
        [org, dayId, date, position, staffId, id],
      );
    await slot(day!.id as string, '2030-01-07', 1, ann);
    await slot(day!.id as string, '2030-01-07', 2, bob);
    await expect(slot(day!.id as string, '2030-01-07', 3, bob)).rejects.toThrow(/rota_slots_within_limit/);
    await expect(slot(tuesday!.id as string, '2030-01-08', 1, ann)).rejects.toThrow(/rota_slots_within_limit/);
    await expect(
      sql(`update rota_slots set date = '2030-01-08', rota_day_id = ? where duty_id = ? and position = 1`, [tuesday!.id, id]),
    ).rejects.toThrow(/rota_slots_within_limit/);
    // Another school's duty can't be written into this school's slots.
    const other = await school();
    const theirs = (await other.api.post('/api/duties', LUNCH_FIELD).expect(201)).body.duty.id as string;
    await expect(sql(`update rota_slots set duty_id = ? where duty_id = ? and position = 1`, [theirs, id])).rejects.toThrow(
      /rota_slots_within_limit/,
    );
    // The Duty Manager duty keeps the duty managers per day (2 by default).
    await expect(
      sql(
        `insert into rota_slots (id, organization_id, rota_day_id, date, position, staff_id) values (gen_random_uuid(), ?, ?, '2030-01-08', 3, ?)`,
        [org, tuesday!.id, ann],
      ),
    ).rejects.toThrow(/rota_slots_within_limit: slot 3 is beyond the duty managers per day/);
    await sql(
      `insert into rota_slots (id, organization_id, rota_day_id, date, position, staff_id) values (gen_random_uuid(), ?, ?, '2030-01-08', 2, ?)`,
      [org, tuesday!.id, ann],
    );
  });
});
