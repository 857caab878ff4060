import { describeDate } from '../src/common/text/dates';
import { OutboxWorker } from '../src/modules/mail/outbox.worker';
import { registerOrganization, type Account } from './support/accounts';
import { asUser } from './support/http';
import { memberWithRole } from './support/members';
import { SmtpSink } from './support/smtp-sink';
import { createTestApp, type TestApp } from './support/test-app';

interface Person {
  token: string;
  staffId: string;
  email: string;
}

interface Grid {
  duties: { id: string; isDutyManager: boolean }[];
  days: { date: string; duties: { dutyId: string; needed: number; slots: { position: number; staff: { id: string; name: string } | null }[] }[] }[];
}

interface Detail {
  id: string;
  status: string;
  startDate: string;
  endDate: string;
  duties: number;
  largestGap: number;
  people: { staffId: string; draftDuties: number; load: number; share: number; difference: number }[];
}

const FROM = '2026-11-09';
const TO = '2026-11-20';

/**
 * Drafts (docs/product.md#drafts): a period planned apart from the rota, seen only by admins and
 * managers, measured with the fairness view and the health check, then published in one go — each
 * person whose duties changed told once — or discarded. Real PostgreSQL and a real mail server.
 */
describe('drafts', () => {
  let smtp: SmtpSink;
  let t: TestApp;
  let admin: Account;
  let people: Record<'ann' | 'bob' | 'cat' | 'dan', Person>;
  const as = (token: string) => asUser(t, token);
  const deliver = () => t.get(OutboxWorker).finishSending();
  const liveDays = async () =>
    (
      (await as(admin.token).get(`/api/rota?startDate=${FROM}&endDate=${TO}`).expect(200)).body as {
        date: string;
        slots: { staff: { id: string } | null }[];
      }[]
    ).map((d) => [d.date, d.slots.map((s) => s.staff?.id ?? null)]);

  beforeAll(async () => {
    smtp = await new SmtpSink().start();
    t = await createTestApp({ env: { APP_NOW: '2026-11-02T09:00', SMTP_URL: smtp.url, APP_URL: 'https://dm.example.com' } });
    admin = await registerOrganization(t);
    people = {
      ann: await memberWithRole(t, admin, 'staff', 'Ann Archer'),
      bob: await memberWithRole(t, admin, 'staff', 'Bob Baker'),
      cat: await memberWithRole(t, admin, 'staff', 'Cat Carter'),
      dan: await memberWithRole(t, admin, 'staff', 'Dan Dyer'),
    };
    // The live rota: Ann and Bob on every day of the first week.
    for (const date of ['2026-11-09', '2026-11-10', '2026-11-11', '2026-11-12', '2026-11-13']) {
      await as(admin.token)
        .post('/api/rota', { date, slots: [people.ann.staffId, people.bob.staffId] })
        .expect(201);
    }
    await deliver();
    smtp.received.length = 0;
    for (const p of Object.values(people)) await as(p.token).post('/api/notifications/read-all').expect(200);
  });

  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  it('plans a draft nobody but admins and managers sees, measures it, publishes it once with one email per person changed', async () => {
    const { ann, bob } = people;
    const feedToken = (await as(ann.token).post('/api/calendar/subscription').expect(201)).body.token as string;
    const feed = async () =>
      (
        await t
          .http()
          .get(`/api/calendar/subscribe/my-duties?token=${encodeURIComponent(feedToken)}`)
          .expect(200)
      ).text;
    const liveBefore = await liveDays();
    const mineBefore = (await as(bob.token).get(`/api/rota/mine?startDate=${FROM}&endDate=${TO}`).expect(200)).body;
    const feedBefore = await feed();
    const liveFairness = (await as(admin.token).get('/api/fairness?academicYear=2026').expect(200)).body as {
      rows: { staffId: string; planned: number }[];
    };

    const created = await as(admin.token).post('/api/rota/drafts', { startDate: FROM, endDate: TO, allWeekdays: true }).expect(201);
    const draft = created.body as Detail;
    expect(draft).toMatchObject({ status: 'open', startDate: FROM, endDate: TO, duties: 20 });
    // Reshuffled: everyone takes a part of the ten days' twenty duties; each is measured against their year's share.
    expect(draft.people.reduce((n, p) => n + p.draftDuties, 0)).toBe(20);
    const counts = draft.people.map((p) => p.draftDuties);
    expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(2);
    for (const p of draft.people) expect(p.difference).toBeCloseTo(p.load - p.share, 1);
    expect(draft.largestGap).toBe(Math.max(...draft.people.map((p) => Math.abs(p.difference))));

    // Invisible: staff get 403, and the rota, My Rota and the calendar feed are as they were; nobody is told.
    await as(ann.token).get('/api/rota/drafts').expect(403);
    await as(ann.token).get(`/api/rota/drafts/${draft.id}`).expect(403);
    await as(ann.token).get(`/api/rota/drafts/${draft.id}/days`).expect(403);
    await as(ann.token).post(`/api/rota/drafts/${draft.id}/publish`).expect(403);
    await as(ann.token).get(`/api/fairness?draftId=${draft.id}`).expect(403);
    expect(await liveDays()).toEqual(liveBefore);
    expect((await as(bob.token).get(`/api/rota/mine?startDate=${FROM}&endDate=${TO}`).expect(200)).body).toEqual(mineBefore);
    expect(await feed()).toBe(feedBefore);
    await deliver();
    expect(smtp.received).toEqual([]);
    const unread = async (p: Person) =>
      ((await as(p.token).get('/api/notifications').expect(200)).body as { items: { kind: string; readAt: string | null }[] }).items.filter(
        (n) => n.kind === 'duty_changed' && n.readAt === null,
      );
    for (const p of Object.values(people)) expect(await unread(p)).toEqual([]);

    // The fairness view and the health check with the draft in place differ from the live rota's.
    const draftFairness = (await as(admin.token).get(`/api/fairness?draftId=${draft.id}`).expect(200)).body as {
      rows: { staffId: string; planned: number }[];
    };
    const planned = (view: { rows: { staffId: string; planned: number }[] }) => Object.fromEntries(view.rows.map((r) => [r.staffId, r.planned]));
    expect(planned(draftFairness)).not.toEqual(planned(liveFairness));
    expect(planned(draftFairness)[ann.staffId]).toBe(
      liveFairness.rows.find((r) => r.staffId === ann.staffId)!.planned - 5 + draft.people.find((p) => p.staffId === ann.staffId)!.draftDuties,
    );
    const health = (q: string) => as(admin.token).get(`/api/rota/health?academicYear=2026${q}`).expect(200);
    const unfilled = (body: { unfilledDays: { date: string }[] }) => body.unfilledDays.filter((d) => d.date >= FROM && d.date <= TO).length;
    expect(unfilled((await health('')).body)).toBe(5);
    expect(unfilled((await health(`&draftId=${draft.id}`)).body)).toBe(0);
    // The load over every duty reads it too: live, Ann and Bob hold all ten duties; in the draft everyone has some.
    const loads = async (q: string) =>
      Object.fromEntries(
        (
          (await as(admin.token).get(`/api/fairness/duties?academicYear=2026${q}`).expect(200)).body as { rows: { staffId: string; load: number }[] }
        ).rows.map((r) => [r.staffId, r.load]),
      );
    const liveLoads = await loads('');
    const draftLoads = await loads(`&draftId=${draft.id}`);
    expect(liveLoads[people.cat.staffId]).toBe(0);
    expect(draftLoads[people.cat.staffId]).toBeGreaterThan(0);
    expect(Object.values(draftLoads).reduce((n, l) => n + l, 0)).toBe(Object.values(liveLoads).reduce((n, l) => n + l, 0) * 2);

    // Its days, in the all-duties grid's shape.
    const grid = (await as(admin.token).get(`/api/rota/drafts/${draft.id}/days`).expect(200)).body as Grid;
    expect(grid.days.map((d) => d.date)).toHaveLength(10);
    const draftDays = grid.days.map((d) => [d.date, d.duties[0]!.slots.map((s) => s.staff?.id ?? null)]);
    expect(draftDays.every(([, ids]) => (ids as (string | null)[]).every((id) => id !== null))).toBe(true);

    // Another open draft over any of these days: 409; a later period is fine, and can be discarded.
    await as(admin.token).post('/api/rota/drafts', { startDate: '2026-11-20', endDate: '2026-11-27', allWeekdays: true }).expect(409);
    const later = (await as(admin.token).post('/api/rota/drafts', { startDate: '2026-11-23', endDate: '2026-11-27', allWeekdays: true }).expect(201))
      .body as Detail;
    await as(admin.token).delete(`/api/rota/drafts/${later.id}`).expect(204);
    await as(admin.token).delete(`/api/rota/drafts/${later.id}`).expect(409);
    await as(admin.token).post(`/api/rota/drafts/${later.id}/publish`).expect(409);

    // Another organisation: 404 everywhere.
    const other = await registerOrganization(t);
    await as(other.token).get(`/api/rota/drafts/${draft.id}`).expect(404);
    await as(other.token).get(`/api/fairness?draftId=${draft.id}`).expect(404);
    await as(other.token).get(`/api/rota/health?draftId=${draft.id}`).expect(404);
    await as(other.token).get(`/api/rota/drafts/${draft.id}/days`).expect(404);
    await as(other.token).post(`/api/rota/drafts/${draft.id}/publish`).expect(404);
    await as(other.token).delete(`/api/rota/drafts/${draft.id}`).expect(404);
    expect((await as(other.token).get('/api/rota/drafts').expect(200)).body).toEqual([]);

    // Publish: the draft is the rota; each person whose duties changed gets exactly one email.
    const published = await as(admin.token).post(`/api/rota/drafts/${draft.id}/publish`).expect(200);
    expect(await liveDays()).toEqual(draftDays);
    const before = new Map<string, Set<string>>();
    const after = new Map<string, Set<string>>();
    for (const [date, ids] of liveBefore)
      for (const id of ids as string[]) if (id) (before.get(id) ?? before.set(id, new Set()).get(id)!).add(date as string);
    for (const [date, ids] of draftDays)
      for (const id of ids as string[]) if (id) (after.get(id) ?? after.set(id, new Set()).get(id)!).add(date as string);
    const changed = Object.values(people).filter((p) => {
      const was = [...(before.get(p.staffId) ?? [])].sort().join();
      const is = [...(after.get(p.staffId) ?? [])].sort().join();
      return was !== is;
    });
    expect(changed.length).toBeGreaterThan(1);
    expect(published.body).toMatchObject({ people: changed.length });
    await deliver();
    for (const p of Object.values(people)) {
      const mail = smtp.received.filter((e) => e.to.includes(p.email));
      if (!changed.includes(p)) {
        expect(mail).toEqual([]);
        continue;
      }
      expect(mail).toHaveLength(1);
      const dates = [...after.get(p.staffId)!].sort();
      const first = describeDate(dates[0]!);
      expect(mail[0]!.subject).toBe(`Your duties from ${first}`);
      expect(mail[0]!.text).toContain(`You have ${dates.length} ${dates.length === 1 ? 'duty' : 'duties'} in that period, the first on ${first}.`);
      expect(mail[0]!.text).toContain('https://dm.example.com/my-rota');
      expect(await unread(p)).toHaveLength(1);
    }
    expect(
      ((await as(admin.token).get('/api/rota/drafts').expect(200)).body as { id: string; status: string }[]).map((d) => [d.id, d.status]),
    ).toEqual([
      [later.id, 'discarded'],
      [draft.id, 'published'],
    ]);
    const audit = (await as(admin.token).get('/api/audit-log').expect(200)).body as { items?: { action: string }[] } | { action: string }[];
    const actions = (Array.isArray(audit) ? audit : (audit.items ?? [])).map((e) => e.action);
    expect(actions).toContain('rota.published');

    // A second publish: 409, nothing more sent.
    smtp.received.length = 0;
    await as(admin.token).post(`/api/rota/drafts/${draft.id}/publish`).expect(409);
    await deliver();
    expect(smtp.received).toEqual([]);
  });

  it('leaves out at publishing what now breaks a hard rule: someone away since the draft was made', async () => {
    const from = '2026-12-07';
    const to = '2026-12-11';
    const draft = (await as(admin.token).post('/api/rota/drafts', { startDate: from, endDate: to, allWeekdays: true }).expect(201)).body as Detail;
    const grid = (await as(admin.token).get(`/api/rota/drafts/${draft.id}/days`).expect(200)).body as Grid;
    const onTuesday = grid.days.find((d) => d.date === '2026-12-08')!.duties[0]!.slots.map((s) => s.staff!.id);
    const away = Object.values(people).find((p) => onTuesday.includes(p.staffId))!;
    await as(admin.token)
      .post('/api/staff-unavailability', { staffId: away.staffId, startDate: '2026-12-08', endDate: '2026-12-08', reason: 'Course' })
      .expect(201);

    await as(admin.token).post(`/api/rota/drafts/${draft.id}/publish`).expect(200);
    const live = (await as(admin.token).get(`/api/rota?startDate=${from}&endDate=${to}`).expect(200)).body as {
      date: string;
      slots: { staff: { id: string } | null }[];
    }[];
    const tuesday = live.find((d) => d.date === '2026-12-08')!.slots.map((s) => s.staff?.id ?? null);
    expect(tuesday).not.toContain(away.staffId);
    expect(tuesday.filter((id) => id !== null)).toHaveLength(onTuesday.length - 1);
    const others = grid.days.filter((d) => d.date !== '2026-12-08');
    for (const day of others) {
      expect(live.find((d) => d.date === day.date)!.slots.map((s) => s.staff?.id ?? null)).toEqual(
        day.duties[0]!.slots.map((s) => s.staff?.id ?? null),
      );
    }
  });

  it('refuses bad input with a 4xx', async () => {
    // A school of its own: the bulk tools' fair-use budget is per account.
    const school = await registerOrganization(t);
    await as(school.token).post('/api/rota/drafts', { startDate: '2026-11-02', endDate: '2026-11-06', allWeekdays: true }).expect(400);
    await as(school.token).post('/api/rota/drafts', { startDate: 'soon', allWeekdays: true }).expect(400);
    await as(school.token)
      .post('/api/rota/drafts', {
        startDate: '2027-01-04',
        endDate: '2027-01-08',
        dutyIds: ['5d0c0d3e-4c9e-4c43-9d43-2f7b0d1d1a11'],
        allWeekdays: true,
      })
      .expect(404);
    await as(school.token).get('/api/rota/drafts/not-an-id').expect(404);
    await as(school.token).get('/api/rota/drafts/5d0c0d3e-4c9e-4c43-9d43-2f7b0d1d1a11').expect(404);
    await as(school.token).get('/api/fairness?draftId=nope').expect(400);
  });
});
